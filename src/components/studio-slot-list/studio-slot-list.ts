import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { SLOT_LIMITS, type SlotDefinition } from '../../feed/types.js';
import { defineElement } from '../../internal/define.js';
import { scriptSlots, slotNameAsWords, type SlotSection } from '../../script/slots.js';
import { controlStyles } from '../shared/controls.styles.js';
import { slotMark } from '../shared/slot-words.js';
import { StudioElement } from '../shared/studio-element.js';
import { styles } from './studio-slot-list.styles.js';
import '../../i18n/later-words.js';

/** A field of a slot's definition. */
export type SlotField = 'sample' | 'maxLength' | 'say';

/**
 * What the user changed: slot `name`'s definition as it now reads (`slot`), or none when the field holds nothing
 * the document can keep (a maximum length that is not a whole number); `final` when the field was left.
 */
export interface SlotEdit {
  readonly name: string;
  readonly field: SlotField;
  readonly slot: SlotDefinition | undefined;
  readonly final: boolean;
}

/** A maximum length the document keeps: a whole number from 1 to `SLOT_LIMITS.maxLength`. */
const validMaxLength = (value: number) => Number.isInteger(value) && value >= 1 && value <= SLOT_LIMITS.maxLength;

/**
 * The Slots group of the Script panel: every `{{slot}}` the script uses, in the order of first use, with its
 * sample (what previews and voice-overs read until a feed's row fills it), an optional maximum length in
 * characters and an optional `say` (a respelling). Values are shown as text, never as markup.
 *
 * @tagname studio-editor-slot-list
 * @fires slot-edit - `detail` is a `SlotEdit`.
 * @csspart slot - Each slot: its name, the sections it is in, and its three fields.
 */
export class StudioSlotList extends StudioElement {
  static override styles = [controlStyles, styles];

  /** The script's sections, read for their slots. */
  @property({ attribute: false }) sections: readonly SlotSection[] = [];
  /** The slot definitions of the document. */
  @property({ attribute: false }) slots: readonly SlotDefinition[] = [];

  /** The slots the script uses, in the order of first use, with the labels of the sections each is in. */
  #uses = new Map<string, string[]>();

  /** The slots whose maximum length field holds something that is no maximum length (shown as an error). */
  @state() private badLength: ReadonlySet<string> = new Set();

  #definition(name: string): SlotDefinition {
    return this.slots.find((slot) => slot.name === name) ?? { name, sample: '' };
  }

  #emit(edit: SlotEdit): void {
    this.dispatchEvent(new CustomEvent<SlotEdit>('slot-edit', { detail: edit, bubbles: true }));
  }

  /** A text field changed: the definition with its new value (an empty `say` is none). */
  #text(name: string, field: 'sample' | 'say', value: string, final: boolean): void {
    const current = this.#definition(name);
    const { say: _, ...rest } = current;
    const slot: SlotDefinition = field === 'sample' ? { ...current, sample: value } : value === '' ? rest : { ...rest, say: value };
    this.#emit({ name, field, slot, final });
  }

  /**
   * The maximum length, checked as it is typed and set when the field is left (a number typed digit by digit
   * passes through others: "25" is 2 first): empty is none; anything but a whole number in range is shown as an
   * error and kept out of the document.
   */
  #maxLength(name: string, input: HTMLInputElement, final: boolean): void {
    const raw = input.value.trim();
    const value = raw === '' ? undefined : Number(raw);
    const valid = !input.validity.badInput && (value === undefined || validMaxLength(value));
    const bad = new Set(this.badLength);
    if (valid) bad.delete(name);
    else bad.add(name);
    if (bad.size !== this.badLength.size) this.badLength = bad;
    if (!final) return;
    const { maxLength: _, ...rest } = this.#definition(name);
    this.#emit({ name, field: 'maxLength', slot: valid ? (value === undefined ? rest : { ...rest, maxLength: value }) : undefined, final });
  }

  #renderSlot(name: string, index: number): TemplateResult {
    const t = this.t;
    const slot = this.#definition(name);
    const mark = slotMark(name);
    const count = [...slot.sample].length;
    const tooLong = slot.maxLength !== undefined && count > slot.maxLength;
    const badLength = this.badLength.has(name);
    const sections = this.#uses.get(name) ?? [];
    const sampleNote = slot.sample.trim() === '' ? 'sample-note' : tooLong ? 'sample-error' : '';
    return html`<fieldset part="slot" aria-describedby=${sections.length > 0 ? `used-${index}` : nothing}>
      <legend><span class="slot-name">${mark}</span></legend>
      ${sections.length > 0 ? html`<p class="hint used" id="used-${index}">${t('slots.usedIn', { sections: t.list(sections) })}</p>` : nothing}
      <div class="fields">
        <div class="field">
          <label for="sample-${index}">${t('slots.sample')}</label>
          <input id="sample-${index}" type="text" autocomplete="off" maxlength=${SLOT_LIMITS.sample} .value=${slot.sample}
            aria-invalid=${tooLong ? 'true' : 'false'} aria-describedby=${sampleNote === '' ? nothing : `${sampleNote}-${index}`}
            @input=${(e: InputEvent) => this.#text(name, 'sample', (e.target as HTMLInputElement).value, false)}
            @change=${(e: Event) => this.#text(name, 'sample', (e.target as HTMLInputElement).value, true)} />
          ${slot.sample.trim() === '' ? html`<p class="hint" id="sample-note-${index}">${t('slots.sampleEmpty', { words: slotNameAsWords(name) })}</p>` : nothing}
          ${tooLong ? html`<p class="error" id="sample-error-${index}">${t('slots.sampleTooLong', { count: t.number(count, 0), slot: mark, max: t.number(slot.maxLength!, 0) })}</p>` : nothing}
        </div>
        <div class="field">
          <label for="max-${index}">${t('slots.maxLength')}</label>
          <input id="max-${index}" type="number" inputmode="numeric" min="1" max=${SLOT_LIMITS.maxLength} step="1" .value=${slot.maxLength === undefined ? '' : String(slot.maxLength)}
            aria-invalid=${badLength ? 'true' : 'false'} aria-describedby=${badLength ? `max-error-${index}` : nothing}
            @input=${(e: InputEvent) => this.#maxLength(name, e.target as HTMLInputElement, false)}
            @change=${(e: Event) => this.#maxLength(name, e.target as HTMLInputElement, true)} />
          ${badLength ? html`<p class="error" id="max-error-${index}">${t('slots.maxLengthInvalid', { max: t.number(SLOT_LIMITS.maxLength, 0) })}</p>` : nothing}
        </div>
        <div class="field">
          <label for="say-${index}">${t('slots.say')}</label>
          <input id="say-${index}" type="text" autocomplete="off" maxlength=${SLOT_LIMITS.say} .value=${slot.say ?? ''}
            @input=${(e: InputEvent) => this.#text(name, 'say', (e.target as HTMLInputElement).value, false)}
            @change=${(e: Event) => this.#text(name, 'say', (e.target as HTMLInputElement).value, true)} />
        </div>
      </div>
    </fieldset>`;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (!changed.has('sections') && !changed.has('t')) return;
    const uses = new Map<string, string[]>();
    scriptSlots(this.sections).sections.forEach((template, index) => {
      const label = this.sections[index]!.label || this.t('script.newSection', { n: index + 1 });
      for (const { name } of template.slots) {
        const labels = uses.get(name) ?? [];
        if (!labels.includes(label)) labels.push(label);
        uses.set(name, labels);
      }
    });
    this.#uses = uses;
  }

  protected override render() {
    if (this.#uses.size === 0) return nothing;
    return html`<h3 id="slots-heading">${this.t('slots.heading')}</h3>
      <p class="hint">${this.t('slots.intro')}</p>
      ${[...this.#uses.keys()].map((name, index) => this.#renderSlot(name, index))}`;
  }
}

defineElement('studio-editor-slot-list', StudioSlotList);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-slot-list': StudioSlotList;
  }
}
