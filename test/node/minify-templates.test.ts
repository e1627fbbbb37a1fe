// The minified builds drop the indentation of css`` and html`` templates (scripts/lib/minify-templates.mjs):
// what renders must stay the same.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rollup } from 'rollup';
import { minifyCss as css, minifyHtml as html, minifyTemplates } from '../../scripts/lib/minify-templates.mjs';

async function bundle(source: string): Promise<string> {
  const build = await rollup({
    input: 'entry.js',
    plugins: [{ name: 'entry', resolveId: (id: string) => id, load: () => source }, minifyTemplates()],
    external: ['lit'],
  });
  const { output } = await build.generate({ format: 'es' });
  return output[0].code;
}

describe('template minification', () => {
  it('drops css comments and white space but keeps the space that is a descendant combinator', () => {
    assert.equal(css(':host {\n  display: block; /* note */\n}\n:host :is(a, b) > p {\n  margin: 0 auto;\n}\n'), ':host{display:block}:host :is(a,b)>p{margin:0 auto}');
    assert.equal(css('@media (max-width: 520px) {\n  .a { grid-template-areas: "x  y"; }\n}'), '@media (max-width:520px){.a{grid-template-areas:"x y"}}');
  });

  it('turns html line breaks and indentation into one space, and leaves single spaces', () => {
    assert.equal(html('<p>\n      <b>a</b>\n      b c</p>'), '<p> <b>a</b> b c</p>');
    assert.equal(html('<input type="text"\n    aria-label="x" />'), '<input type="text" aria-label="x" />');
  });

  it('minifies tagged templates only, keeping the space beside an expression', async () => {
    const code = await bundle(
      [
        "import { css, html } from 'lit';",
        'export const styles = css`\n  :host {\n    color: red;\n  }\n  ${styles0} .x {\n    margin: 0;\n  }\n`;',
        'export const view = (a) => html`<p>\n    ${a}\n    words</p>`;',
        'export const plain = `keep\n    this`;',
        'const styles0 = css`a{}`;',
      ].join('\n'),
    );
    assert.match(code, /css`:host\{color:red\}\$\{styles0\} \.x\{margin:0\}`/);
    assert.match(code, /html`<p> \$\{a\} words<\/p>`/);
    assert.match(code, /`keep\n {4}this`/);
  });
});
