// A section's direction of the read in the Script editor: the Direction toolbar (pause at the caret; emphasis,
// say-as, a substitute and a rate around the selected words) under the focused section's text, and its marks as
// readable chips ("Pause 1.0 s", "Emphasis (strong): Acme"), each with a Remove button. Every value is text.
import { css, html, nothing, type TemplateResult } from 'lit';
import type { Translate } from '../../i18n/translate.js';
import { SAY_AS, VOICE_SPEED_RANGE, directionProblems, rateRange, rateReadable, type DirectionFault, type Mark, type MarkUse } from '../../script/direction.js';
import type { DirectionAsk } from './direction-edit.js';

/** The lengths a pause is offered in, seconds, and the rates, percent of the voice's. */
const PAUSES = [0.5, 1, 1.5, 2, 3] as const;
const RATES = [80, 90, 110, 120] as const;

/** A mark in words, as its chip says it. */
export function markWords(t: Translate, mark: Mark): string {
  switch (mark.kind) {
    case 'pause':
      return t('direction.mark.pause', { seconds: t.number(mark.seconds, 1) });
    case 'emphasis':
      return t('direction.mark.emphasis', { level: t(`direction.level.${mark.level}`), text: mark.text });
    case 'say-as':
      return t('direction.mark.sayAs', { as: t(`direction.as.${mark.as}`), text: mark.text });
    case 'sub':
      return t('direction.mark.sub', { alias: mark.alias, text: mark.text });
    case 'rate':
      return t('direction.mark.rate', { percent: mark.percent, text: mark.text });
  }
}

/** A malformed mark in the user's words: where it is (the character, counted from 1) and how to fix it. */
export function directionProblemWords(t: Translate, text: string): string[] {
  return directionProblems(text).map((problem) => {
    const character = t.number([...text.slice(0, problem.index)].length + 1, 0);
    return t(`direction.fault.${problem.kind satisfies DirectionFault['kind']}`, { character });
  });
}

/**
 * A rate mark the voice cannot read at `speed` (its read past the voice's limits), in words with the rates it can
 * take; else `''`.
 */
export function rateBeyondWords(t: Translate, mark: Mark, speed: number): string {
  if (mark.kind !== 'rate' || rateReadable(mark.percent, speed)) return '';
  const range = rateRange(speed);
  const read = (speed * mark.percent) / 100;
  const limit = read > VOICE_SPEED_RANGE.max ? VOICE_SPEED_RANGE.max : VOICE_SPEED_RANGE.min;
  return t('direction.rateBeyond', { read: t.number(read, 2), limit: t.number(limit, Number.isInteger(limit) ? 0 : 1), speed: t.number(speed, 2), min: range.min, max: range.max });
}

/** What the toolbar's controls read when a button runs. */
interface ToolbarHost {
  readonly id: string;
  readonly label: string;
  readonly disabled: boolean;
  /** The voice's speed: the rates offered are those it can read at it (`rateRange`). */
  readonly speed: number;
  /** The words refused, or `''`, said in the toolbar's live region. */
  readonly note: string;
  readonly ask: (ask: DirectionAsk) => void;
}

const valueOf = (root: Element, name: string): string => (root.querySelector(`[name="${name}"]`) as HTMLSelectElement | HTMLInputElement | null)?.value ?? '';

/** The Direction toolbar of a section; each button reads the chooser beside it and asks for its mark. */
export function renderDirectionTools(t: Translate, host: ToolbarHost): TemplateResult {
  const run = (event: Event, make: (root: Element) => DirectionAsk | undefined) => {
    const root = (event.currentTarget as Element).closest('.direction')!;
    const ask = make(root);
    if (ask !== undefined) host.ask(ask);
  };
  const sub = (root: Element) => valueOf(root, 'say-as') === 'sub';
  return html`<div class="direction" part="direction" role="toolbar" aria-label=${t('direction.toolbar', { label: host.label })} id="direction-${host.id}">
    <span class="group">
      <select name="pause" aria-label=${t('direction.pauseLength')} ?disabled=${host.disabled}>
        ${PAUSES.map((seconds) => html`<option value=${seconds} ?selected=${seconds === 1}>${t('direction.seconds', { seconds: t.number(seconds, 1) })}</option>`)}
      </select>
      <button type="button" class="small" ?disabled=${host.disabled} @click=${(e: Event) => run(e, (root) => ({ kind: 'pause', seconds: Number(valueOf(root, 'pause')) }))}>${t('direction.insertPause')}</button>
    </span>
    <span class="group">
      <select name="emphasis" aria-label=${t('direction.emphasisLevel')} ?disabled=${host.disabled}>
        <option value="moderate">${t('direction.level.moderate')}</option>
        <option value="strong">${t('direction.level.strong')}</option>
      </select>
      <button type="button" class="small" ?disabled=${host.disabled}
        @click=${(e: Event) => run(e, (root) => ({ kind: 'emphasis', level: valueOf(root, 'emphasis') === 'strong' ? 'strong' : 'moderate' }))}>${t('direction.emphasise')}</button>
    </span>
    <span class="group">
      <select name="say-as" aria-label=${t('direction.sayAsHow')} ?disabled=${host.disabled}
        @change=${(e: Event) => {
          const root = (e.target as Element).closest('.direction')!;
          root.querySelector<HTMLElement>('.say-instead')!.hidden = !sub(root);
        }}>
        ${[...SAY_AS, 'sub' as const].map((as) => html`<option value=${as} ?selected=${as === SAY_AS[0]}>${t(`direction.as.${as}`)}</option>`)}
      </select>
      <input class="say-instead" name="say-instead" type="text" maxlength="200" hidden aria-label=${t('direction.sayInstead')} placeholder=${t('direction.sayInstead')} ?disabled=${host.disabled} />
      <button type="button" class="small" ?disabled=${host.disabled}
        @click=${(e: Event) =>
          run(e, (root) => {
            if (!sub(root)) return { kind: 'say-as', as: valueOf(root, 'say-as') as (typeof SAY_AS)[number] };
            const alias = valueOf(root, 'say-instead').trim().replace(/[[\]:]/g, ' ');
            if (alias !== '') return { kind: 'sub', alias };
            root.querySelector<HTMLInputElement>('.say-instead')!.focus();
            return undefined;
          })}>${t('direction.sayAs')}</button>
    </span>
    <span class="group">
      <select name="rate" aria-label=${t('direction.rateHow')} ?disabled=${host.disabled}>
        ${RATES.filter((percent) => rateReadable(percent, host.speed)).map((percent) => html`<option value=${percent}>${t('direction.percent', { percent })}</option>`)}
      </select>
      <button type="button" class="small" ?disabled=${host.disabled} @click=${(e: Event) => run(e, (root) => ({ kind: 'rate', percent: Number(valueOf(root, 'rate')) }))}>${t('direction.rate')}</button>
    </span>
    <span class="note" role="status">${host.note}</span>
  </div>`;
}

/**
 * A section's marks as chips, named for screen readers ("Direction in Body"), each with Remove; nothing when it has
 * none. A rate the voice cannot read at `speed` says so in its chip.
 */
export function renderMarkChips(t: Translate, label: string, marks: readonly MarkUse[], speed: number, disabled: boolean, remove: (use: MarkUse) => void): TemplateResult | typeof nothing {
  if (marks.length === 0) return nothing;
  return html`<ul class="marks-list" part="direction-marks" aria-label=${t('direction.inSection', { label })}>
    ${marks.map((use) => {
      const beyond = rateBeyondWords(t, use.mark, speed);
      const words = [markWords(t, use.mark), beyond].filter(Boolean).join(' · ');
      return html`<li class=${beyond === '' ? 'mark-chip' : 'mark-chip beyond'} part="direction-mark"><span class="mark-words">${words}</span>
        <button type="button" class="small" ?disabled=${disabled} aria-label=${t('direction.remove', { mark: words })} @click=${() => remove(use)}>✕</button></li>`;
    })}
  </ul>`;
}

export const sectionDirectionStyles = css`
  .direction {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    align-items: center;
  }
  .direction .group {
    display: inline-flex;
    gap: 4px;
    align-items: center;
  }
  .direction .note:empty {
    display: none;
  }
  .direction .say-instead {
    width: 10em;
  }
  /* The list itself is laid out with the slots' (section-slots.ts), beside which the script editor includes it. */
  /* A chip, not a section's card: the card's li rule is undone here. */
  ul.marks-list li.mark-chip {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    min-width: 0;
    max-width: 100%;
    padding: 0 0 0 8px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: 999px;
    font-size: max(11px, 0.85em);
  }
  .mark-words {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  /* Its words run to several lines: a card's corners, not a pill's. */
  ul.marks-list li.mark-chip.beyond {
    border-color: var(--_danger, #b91c1c);
    border-radius: var(--_radius, 8px);
  }
  @media (pointer: coarse) {
    .direction button,
    .direction select,
    .direction input,
    ul.marks-list button {
      min-height: 44px;
      min-width: 44px;
    }
  }
`;
