import { noChange } from 'lit';
import { Directive, PartType, directive, type AttributePart, type PartInfo } from 'lit/directive.js';

/** CSS property names (`left`, `--studio-x`) to values; `undefined` or `null` removes the property. */
export type StyleProps = Readonly<Record<string, string | null | undefined>>;

/**
 * `style=${styleProps({ left: '12px' })}`: sets each property through the CSSOM, the first render too.
 * Lit's `styleMap` writes its first render as a `style` attribute, which a strict Content-Security-Policy
 * (`style-src` without `'unsafe-inline'`) refuses, so the element would be laid out wrong until it
 * changed; the CSSOM is not subject to that policy.
 */
class StylePropsDirective extends Directive {
  /** What each property was last set to: a value that is the same is not parsed again. */
  #previous = new Map<string, string>();

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ATTRIBUTE || part.name !== 'style') throw new Error('styleProps() belongs in a style attribute: style=${styleProps({ ... })}.');
  }

  render(_props: StyleProps): typeof noChange {
    return noChange;
  }

  override update(part: AttributePart, [props]: [StyleProps]): typeof noChange {
    const { style } = part.element as HTMLElement;
    for (const name of this.#previous.keys()) {
      if (props[name] == null) {
        style.removeProperty(name);
        this.#previous.delete(name);
      }
    }
    for (const [name, value] of Object.entries(props)) {
      if (value == null || this.#previous.get(name) === value) continue;
      style.setProperty(name, value);
      this.#previous.set(name, value);
    }
    return noChange;
  }
}

export const styleProps = directive(StylePropsDirective);
