import { expect, fixture } from '@open-wc/testing';
import { html, render } from 'lit';
import sinon from 'sinon';
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

  it('sets again only what changed (a scroll re-renders dozens of places with most values the same)', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const draw = (props: StyleProps) => render(html`<span style=${styleProps(props)}></span>`, host);
    draw({ left: '12px', width: '40px' });
    const setProperty = sinon.spy(CSSStyleDeclaration.prototype, 'setProperty');
    try {
      draw({ left: '12px', width: '50px' });
      draw({ left: '12px', width: '50px' });
      expect(setProperty.args).to.deep.equal([['width', '50px']]);
      // Dropped, then given again: set again.
      draw({ width: '50px' });
      draw({ left: '12px', width: '50px' });
      expect(host.querySelector('span')!.style.left).to.equal('12px');
    } finally {
      setProperty.restore();
    }
  });

  it('refuses any other place than a style attribute', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    expect(() => render(html`<span title=${styleProps({ left: '1px' })}></span>`, host)).to.throw(/style attribute/);
  });
});
