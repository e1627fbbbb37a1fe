import { expect, fixture } from '@open-wc/testing';
import { html, render } from 'lit';
import { styleProps, type StyleProps } from '../../src/internal/style-props.js';

describe('styleProps', () => {
  it('sets every property through the CSSOM from the first render, never as an attribute string, and removes what is dropped', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const setAttribute = HTMLElement.prototype.setAttribute;
    const written: string[] = [];
    HTMLElement.prototype.setAttribute = function (name: string, value: string) {
      written.push(name);
      return setAttribute.call(this, name, value);
    };
    const draw = (props: StyleProps) => render(html`<span style=${styleProps(props)}></span>`, host);
    try {
      draw({ left: '12px', 'background-size': '4px 6px', '--studio-x': 'red' });
      const span = host.querySelector('span')!;
      expect([span.style.left, span.style.backgroundSize, span.style.getPropertyValue('--studio-x')]).to.deep.equal(['12px', '4px 6px', 'red']);
      draw({ left: '20px', 'background-size': undefined });
      expect([span.style.left, span.style.backgroundSize, span.style.getPropertyValue('--studio-x')]).to.deep.equal(['20px', '', '']);
    } finally {
      HTMLElement.prototype.setAttribute = setAttribute;
    }
    expect(written).to.not.include('style');
  });

  it('refuses any other place than a style attribute', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    expect(() => render(html`<span title=${styleProps({ left: '1px' })}></span>`, host)).to.throw(/style attribute/);
  });
});
