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

/** Every element matching `selector` in `root` and the shadow roots below it. */
export function deepAll(root: ParentNode, selector: string): Element[] {
  const found = [...root.querySelectorAll(selector)];
  for (const element of root.querySelectorAll('*')) if (element.shadowRoot) found.push(...deepAll(element.shadowRoot, selector));
  return found;
}
