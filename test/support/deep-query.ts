/** The first element matching `selector` in `root` or any shadow root below it. */
export function deepQuery(root: ParentNode, selector: string): Element | null {
  const found = root.querySelector(selector);
  if (found) return found;
  for (const element of root.querySelectorAll('*')) {
    const inner = element.shadowRoot ? deepQuery(element.shadowRoot, selector) : null;
    if (inner) return inner;
  }
  return null;
}
