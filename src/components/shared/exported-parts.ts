/**
 * Sets the `exportparts` of a panel the editor holds, when it is first connected (unless the page set its own):
 * each of `parts` as `<prefix>-<part>`, or as `renamed` names it. Called from the panel's own module, so the
 * first paint does not carry the part names of panels that are not shown.
 */
export function exportPanelParts(element: HTMLElement, prefix: string, parts: readonly string[], renamed: Readonly<Record<string, string>> = {}): void {
  if (!element.hasAttribute('exportparts')) element.setAttribute('exportparts', parts.map((part) => `${part}: ${renamed[part] ?? `${prefix}-${part}`}`).join(', '));
}
