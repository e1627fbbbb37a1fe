import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { PriceList } from '../../api/contract.js';
import { priceOf, voiceCalls } from '../../script/price.js';
import { entryFormProblems, type EntryFieldProblem, type EntryFormProblems } from '../../brand/entry-form.js';
import { pronunciationKey, type PronunciationEntry } from '../../brand/pronunciations.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { emit } from '../shared/events.js';
import { controlStyles } from '../shared/controls.styles.js';
import { styles } from './studio-pronunciation-list.styles.js';
import '../../i18n/later-words.js';

/** `pronunciations-change`: the project's whole new list, and what to announce about it. */
export interface PronunciationsChange {
  entries: PronunciationEntry[];
  announcement: string;
}

/** The voice an entry is auditioned in, for its button's words. */
export type AuditionVoice = (entry: PronunciationEntry) => { id: string; name: string } | undefined;

const EMPTY_DRAFT: PronunciationEntry = { text: '', say: '' };

/**
 * The project's pronunciations, to add, edit, delete and listen to, under the host's brand entries, which
 * are shown read-only. A listen button says its price before it runs. Errors are shown by field.
 *
 * @tagname studio-editor-pronunciation-list
 * @fires pronunciations-change - `detail` is a `PronunciationsChange`.
 * @fires pronunciation-audition - `detail` is the entry to listen to (again to stop).
 * @csspart brand-list - The host's entries.
 * @csspart pronunciation-list - The project's entries.
 * @csspart pronunciation - Each entry.
 * @csspart pronunciation-form - The form that adds or edits an entry.
 */
export class StudioPronunciationList extends StudioElement {
  static override styles = [controlStyles, styles];

  /** The project's own entries. */
  @property({ attribute: false }) entries: readonly PronunciationEntry[] = [];
  /** The host's brand entries (`vocal.pronunciations`): shown, never edited. */
  @property({ attribute: false }) brand: readonly PronunciationEntry[] = [];
  /** The voice each entry is auditioned in; undefined: no voice yet (listening is off). */
  @property({ attribute: false }) voiceFor: AuditionVoice = () => undefined;
  /** The service's price list: what listening to an entry costs (a voice-over of its text) is said beside its button. */
  @property({ attribute: false }) prices: PriceList | undefined;
  /** `pronunciationKey` of the entry being auditioned. */
  @property() auditioning: string | undefined;

  /** The index of the entry being edited; undefined while adding. */
  @state() private editing: number | undefined;
  @state() private draft: PronunciationEntry = EMPTY_DRAFT;
  @state() private problems: EntryFormProblems = {};

  #problemText(problem: EntryFieldProblem | undefined, field: 'text' | 'say'): string {
    const t = this.t;
    switch (problem?.code) {
      case undefined:
        return '';
      case 'empty':
        return t(field === 'text' ? 'pronounce.textEmpty' : 'pronounce.sayEmpty');
      case 'long':
        return t('pronounce.tooLong', { max: problem.max, count: problem.count });
      case 'duplicate':
        return t('pronounce.duplicate', { n: problem.index + 1 });
      case 'brand':
        return t('pronounce.brandDuplicate');
      case 'full':
        return t('pronounce.full', { max: problem.max });
    }
  }

  #edit(index: number): void {
    this.editing = index;
    this.draft = this.entries[index]!;
    this.problems = {};
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('#pron-text')?.focus());
  }

  #cancel(): void {
    const index = this.editing;
    this.editing = undefined;
    this.draft = EMPTY_DRAFT;
    this.problems = {};
    if (index !== undefined) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>(`[data-edit="${index}"]`)?.focus());
  }

  #submit(event: Event): void {
    event.preventDefault();
    const draft: PronunciationEntry = { text: this.draft.text.trim(), say: this.draft.say.trim(), ...(this.draft.caseSensitive === true ? { caseSensitive: true } : {}) };
    this.problems = entryFormProblems(draft, this.entries, this.brand, this.editing);
    const invalid = this.problems.text !== undefined ? 'text' : this.problems.say !== undefined ? 'say' : undefined;
    if (invalid !== undefined) {
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>(`#pron-${invalid}`)?.focus());
      return;
    }
    const entries = [...this.entries];
    if (this.editing === undefined) entries.push(draft);
    else entries[this.editing] = draft;
    const announcement = this.t(this.editing === undefined ? 'pronounce.added' : 'pronounce.saved', { text: draft.text, say: draft.say });
    emit<PronunciationsChange>(this, 'pronunciations-change', { entries, announcement });
    this.editing = undefined;
    this.draft = EMPTY_DRAFT;
  }

  #delete(index: number): void {
    const entry = this.entries[index]!;
    if (this.editing !== undefined) this.#cancel();
    emit<PronunciationsChange>(this, 'pronunciations-change', { entries: this.entries.filter((_, at) => at !== index), announcement: this.t('pronounce.deleted', { text: entry.text }) });
  }

  #field(field: 'text' | 'say'): TemplateResult {
    const message = this.#problemText(this.problems[field], field);
    return html`<label for="pron-${field}">${this.t(field === 'text' ? 'pronounce.text' : 'pronounce.say')}</label>
      <input id="pron-${field}" type="text" maxlength="400" autocomplete="off" .value=${this.draft[field]} aria-invalid=${message ? 'true' : 'false'}
        aria-describedby=${message ? `pron-${field}-error` : nothing}
        @input=${(e: InputEvent) => (this.draft = { ...this.draft, [field]: (e.target as HTMLInputElement).value })} />
      <p id="pron-${field}-error" class="error field-error">${message}</p>`;
  }

  /** One entry: its words, its listen button with the price beside it, and (the project's only) edit and delete. */
  #row(entry: PronunciationEntry, index: number | undefined): TemplateResult {
    const t = this.t;
    const key = pronunciationKey(entry);
    const voice = this.voiceFor(entry);
    const playing = this.auditioning === key;
    const costId = index === undefined ? `cost-brand-${this.brand.indexOf(entry)}` : `cost-${index}`;
    const credits = voice === undefined ? undefined : priceOf(this.prices, voiceCalls([entry.text]));
    return html`<li part="pronunciation" class=${index !== undefined && index === this.editing ? 'editing' : ''}>
      <span class="entry">${t('pronounce.entry', { text: entry.text, say: entry.say })}${entry.caseSensitive ? html` <span class="hint">(${t('pronounce.caseNote')})</span>` : nothing}</span>
      <span class="tools">
        <button type="button" class="small" ?disabled=${voice === undefined}
          aria-label=${playing ? t('pronounce.stop', { text: entry.text }) : t('pronounce.listen', { text: entry.text, voice: voice?.name ?? '' })}
          aria-describedby=${credits !== undefined && !playing ? costId : nothing}
          @click=${() => emit(this, 'pronunciation-audition', entry)}>${playing ? '■' : '▶'}</button>
        ${credits === undefined ? nothing : html`<span id=${costId} class="cost">${t.plural('credits.uses', credits)}</span>`}
        ${index === undefined
          ? nothing
          : html`<button type="button" class="small" data-edit=${index} aria-label=${t('pronounce.edit', { text: entry.text })} @click=${() => this.#edit(index)}>✎</button>
              <button type="button" class="small" aria-label=${t('pronounce.delete', { text: entry.text })} @click=${() => this.#delete(index)}>✕</button>`}
      </span>
    </li>`;
  }

  protected override render() {
    const t = this.t;
    const voiceless = [...this.brand, ...this.entries].some((entry) => this.voiceFor(entry) === undefined);
    return html`<section aria-labelledby="pron-heading">
      <h3 id="pron-heading">${t('pronounce.heading')}</h3>
      <p class="hint">${t('pronounce.intro')}</p>
      ${voiceless ? html`<p class="hint">${t('pronounce.noVoice')}</p>` : nothing}
      ${this.brand.length > 0
        ? html`<h4 id="pron-brand">${t('pronounce.brandHeading')}</h4>
            <p class="hint">${t('pronounce.brandNote')}</p>
            <ul part="brand-list" aria-labelledby="pron-brand">${this.brand.map((entry) => this.#row(entry, undefined))}</ul>`
        : nothing}
      <h4 id="pron-own">${t('pronounce.ownHeading')}</h4>
      ${this.entries.length === 0
        ? html`<p class="hint">${t('pronounce.none')}</p>`
        : html`<ul part="pronunciation-list" aria-labelledby="pron-own">${this.entries.map((entry, index) => this.#row(entry, index))}</ul>`}
      <form part="pronunciation-form" novalidate @submit=${this.#submit}>
        <div class="fields">
          <div class="field">${this.#field('text')}</div>
          <div class="field">${this.#field('say')}</div>
        </div>
        <label class="case"><input type="checkbox" .checked=${this.draft.caseSensitive === true}
          @change=${(e: Event) => (this.draft = { ...this.draft, caseSensitive: (e.target as HTMLInputElement).checked })} />${t('pronounce.matchCase')}</label>
        <div class="actions">
          <button type="submit">${t(this.editing === undefined ? 'pronounce.add' : 'pronounce.save')}</button>
          ${this.editing === undefined ? nothing : html`<button type="button" @click=${this.#cancel}>${t('pronounce.cancel')}</button>`}
        </div>
      </form>
    </section>`;
  }
}

defineElement('studio-editor-pronunciation-list', StudioPronunciationList);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-pronunciation-list': StudioPronunciationList;
  }
}
