// One warning per page: a second copy of the script re-defines every tag, and one message says it all.
let warned = false;

/**
 * Defines a custom element unless the tag is taken already (two script tags, two versions on one page).
 * The first definition wins; the first skipped one warns (once per page, naming the tag) instead of throwing.
 */
export function defineElement(tag: string, constructor: CustomElementConstructor): void {
  const existing = customElements.get(tag);
  if (existing === undefined) {
    customElements.define(tag, constructor);
    return;
  }
  if (existing === constructor || warned) return;
  warned = true;
  console.warn(
    `[studio-editor] <${tag}> is already defined on this page (the editor's script was loaded twice); ` +
      'keeping the first definition. Load the editor once to silence this warning.',
  );
}
