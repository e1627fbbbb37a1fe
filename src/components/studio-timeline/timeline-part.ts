import { StudioElement } from '../shared/studio-element.js';

/**
 * Base of the timeline's parts (ruler, clip, bed): they render into themselves, not a shadow root, so
 * they live in the timeline's shadow tree, share its one stylesheet and take no style scope of their own
 * (sixty clips, sixty fewer roots). Positions go in through the CSSOM (`style.setProperty`), never a
 * `style` attribute, so a strict Content-Security-Policy is kept.
 */
export class TimelinePart extends StudioElement {
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  #styles = new Map<string, string>();
  #attributes = new Map<string, string>();

  /** Sets attribute `name` only when it changed (a needless write still costs a style and accessibility check). */
  protected setAttr(name: string, value: string): void {
    if (this.#attributes.get(name) === value) return;
    this.#attributes.set(name, value);
    this.setAttribute(name, value);
  }

  /** Sets `name` to `value` on the element's own style (CSSOM), only when it changed. */
  protected setStyle(name: string, value: string): void {
    if (this.#styles.get(name) === value) return;
    this.#styles.set(name, value);
    this.style.setProperty(name, value);
  }
}
