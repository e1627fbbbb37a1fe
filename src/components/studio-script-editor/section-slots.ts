// A section's {{slots}} under its text: its placeholder problems as field errors, and a chip for each slot it uses
// with the slot's sample ("{{price}} 59.99", or "no sample" in the muted colour). Every value is text.
import { css, html, nothing, type TemplateResult } from 'lit';
import type { SlotDefinition } from '../../feed/types.js';
import type { Translate } from '../../i18n/translate.js';
import { slotMark } from '../shared/slot-words.js';

/** The list of a section's slots, named for screen readers ("Slots in Body"); nothing when it uses none. */
export function renderSlotChips(t: Translate, label: string, names: readonly string[], definitions: ReadonlyMap<string, SlotDefinition>): TemplateResult | typeof nothing {
  if (names.length === 0) return nothing;
  return html`<ul class="slots" part="slots" aria-label=${t('slots.inSection', { label })}>
    ${names.map((name) => {
      const sample = definitions.get(name)?.sample ?? '';
      const blank = sample.trim() === '';
      return html`<li class="slot-chip" part="slot-chip"><span class="slot-name">${slotMark(name)}</span>
        <span class=${blank ? 'slot-sample none' : 'slot-sample'} title=${blank ? nothing : sample}>${blank ? t('slots.noSample') : sample}</span></li>`;
    })}
  </ul>`;
}

/** The problems of a section's placeholders, under its text (`alert`: announced, as they appeared after typing). */
export function renderSlotProblems(id: string, words: readonly string[], alert: boolean): TemplateResult | typeof nothing {
  if (words.length === 0) return nothing;
  return html`<div class="slot-problems" part="slot-problems" id="slot-problems-${id}" role=${alert ? 'alert' : nothing}>
    ${words.map((text) => html`<p class="error">${text}</p>`)}
  </div>`;
}

export const sectionSlotStyles = css`
  /* A section's chips: its slots, and its marks of direction (section-direction.ts). */
  ul.slots,
  ul.marks-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  /* A chip, not a section's card: the card's li rule is undone here. */
  ul.slots li.slot-chip {
    display: inline-flex;
    align-items: baseline;
    gap: 6px;
    min-width: 0;
    max-width: 100%;
    padding: 1px 8px;
    border: 1px solid var(--_accent, #2563eb);
    border-radius: 999px;
    background: var(--_mark, rgb(37 99 235 / 0.08));
    font-size: max(11px, 0.85em);
  }
  .slot-name {
    min-width: 0;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    overflow-wrap: anywhere;
  }
  .slot-sample {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .slot-sample.none {
    color: var(--_text-muted, #4b5563);
    font-style: italic;
  }
  .slot-problems {
    display: grid;
    gap: 2px;
  }
  .slot-problems p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
