/**
 * Makes wavesurfer.js's markup writes safe under a strict CSP and Trusted Types, without a policy.
 *
 * wavesurfer 8 builds its shadow root by assigning a template string to `shadowRoot.innerHTML` (an inline
 * `<style>` and five nested `<div class part>`), and clears its canvas containers with `innerHTML = ''`.
 * `style-src 'self'` blocks the `<style>`; `require-trusted-types-for 'script'` refuses both assignments
 * (plain strings are not TrustedHTML). While a waveform is created, each new shadow root gets its own
 * `innerHTML` setter: the `<style>` rules become a constructable stylesheet, and the rest, which must be
 * only `<div>`s with `class` and `part` attributes, is built with DOM calls. Each element built gets an
 * `innerHTML` setter that clears with `replaceChildren()`. No string reaches an HTML sink. Markup of any
 * other shape (a future wavesurfer) goes to the real setter unchanged, so a change fails loudly there.
 * Upstream, the same is two lines: build the shell with wavesurfer's own `createElement` helper and
 * clear with `replaceChildren()`.
 */

/** One stylesheet per distinct rule text, shared by every waveform. */
const sheets = new Map<string, CSSStyleSheet>();

function sheetFor(text: string): CSSStyleSheet {
  let sheet = sheets.get(text);
  if (sheet === undefined) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    sheets.set(text, sheet);
  }
  return sheet;
}

const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
/** The one grammar the shell may use: `<div class="…" part="…">`, `</div>`, white space. */
const TOKEN = /\s+|<div((?:\s+(?:class|part)="[\w -]*")*)\s*>|<\/div>/y;
const ATTRIBUTE = /(class|part)="([\w -]*)"/g;

/** The real `Element.prototype.innerHTML` accessors. */
interface ElementHtml {
  get(this: Element): string;
  set(this: Element, html: string): void;
}

/** `element.innerHTML = ''` empties it; anything else goes to the real setter. */
function clearOnly(element: Element, inner: ElementHtml): void {
  Object.defineProperty(element, 'innerHTML', {
    configurable: true,
    get: () => inner.get.call(element),
    set: (html: string) => (html === '' ? element.replaceChildren() : inner.set.call(element, html)),
  });
}

/**
 * The `<div>` tree of `markup`, or undefined when it is anything else. The elements built are cleared
 * with `replaceChildren()` when wavesurfer assigns `innerHTML = ''` to them.
 */
export function buildShell(markup: string, inner: ElementHtml): DocumentFragment | undefined {
  const fragment = document.createDocumentFragment();
  const open: ParentNode[] = [fragment];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < markup.length) {
    const match = TOKEN.exec(markup);
    if (match === null) return undefined;
    if (match[0].startsWith('</')) {
      if (open.length === 1) return undefined;
      open.pop();
    } else if (match[0].startsWith('<')) {
      const div = document.createElement('div');
      for (const [, name, value] of match[1]!.matchAll(ATTRIBUTE)) div.setAttribute(name!, value!);
      clearOnly(div, inner);
      open.at(-1)!.append(div);
      open.push(div);
    }
  }
  return open.length === 1 ? fragment : undefined;
}

/**
 * Runs `create` (synchronous) with every shadow root attached meanwhile taking its `innerHTML` as
 * described above. `attachShadow` is restored before returning.
 */
export function withSafeShell<T>(create: () => T): T {
  const attach = Element.prototype.attachShadow;
  const inner = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'innerHTML');
  const elementInner = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  if (inner?.set === undefined || inner.get === undefined || elementInner?.set === undefined || elementInner.get === undefined) return create();
  const { get, set } = inner;
  const elementHtml = elementInner as ElementHtml;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
    const root = attach.call(this, init);
    Object.defineProperty(root, 'innerHTML', {
      configurable: true,
      get: () => get.call(root) as string,
      set: (html: string) => {
        const rules: string[] = [];
        const rest = String(html).replace(STYLE_ELEMENT, (_, css: string) => {
          rules.push(css);
          return '';
        });
        const shell = buildShell(rest, elementHtml);
        if (shell === undefined) set.call(root, rest);
        else root.replaceChildren(shell);
        if (rules.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheetFor(rules.join('\n'))];
      },
    });
    return root;
  };
  try {
    return create();
  } finally {
    Element.prototype.attachShadow = attach;
  }
}
