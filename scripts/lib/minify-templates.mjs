// A Rollup plugin for the minified builds: the text of Lit's css`` and html`` templates without the
// source's indentation. Terser leaves template text as written; this is what it cannot know is safe.
// - css``: comments dropped, each run of white space one space, none around `{ } ; , >` nor after `:`
//   (no style has `: ` in a string or a selector).
// - html``: each run of white space that holds a line break one space. The same white space renders the
//   same (no template has <pre>, or text in an element styled `white-space: pre`, across lines).
// Text next to a `${…}` keeps its one space: it may separate a selector, or words, from the value.
import MagicString from 'magic-string';

const TAGS = new Set(['css', 'html', 'svg']);

/** `css` text, minified. */
export function minifyCss(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};,>]) ?/g, '$1')
    .replace(/: /g, ':')
    .replace(/;}/g, '}');
}

/** `html` text, minified. */
export function minifyHtml(text) {
  return text.replace(/\s*\n\s*/g, ' ');
}

/** Calls `visit` on every node of an ESTree `node`. */
function walk(node, visit) {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (typeof node.type === 'string') visit(node);
  for (const key in node) if (key !== 'type' && key !== 'start' && key !== 'end') walk(node[key], visit);
}

export function minifyTemplates() {
  return {
    name: 'minify-templates',
    transform(code, id) {
      if (!/\.[cm]?[jt]s$/.test(id) || id.includes('node_modules') || !/\b(css|html|svg)\s*\x60/.test(code)) return null;
      const source = new MagicString(code);
      walk(this.parse(code), (node) => {
        if (node.type !== 'TaggedTemplateExpression' || node.tag.type !== 'Identifier' || !TAGS.has(node.tag.name)) return;
        const minify = node.tag.name === 'css' ? minifyCss : minifyHtml;
        const { quasis } = node.quasi;
        quasis.forEach((quasi, index) => {
          const raw = code.slice(quasi.start, quasi.end);
          let text = minify(raw);
          // The template's own ends (no `${…}` beside them) need no space.
          if (node.tag.name === 'css') {
            if (index === 0) text = text.trimStart();
            if (index === quasis.length - 1) text = text.trimEnd();
          }
          if (text === raw) return;
          if (text === '') source.remove(quasi.start, quasi.end);
          else source.overwrite(quasi.start, quasi.end, text);
        });
      });
      return source.hasChanged() ? { code: source.toString(), map: source.generateMap({ hires: true }) } : null;
    },
  };
}
