import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { estimateScript } from '../../script/estimate.js';
import { controlStyles } from '../shared/controls.styles.js';
import { actionRowStyles } from '../shared/panel.styles.js';
import { styles } from './studio-script-editor.styles.js';
import { matchPronunciations, type PronunciationMatch } from '../../brand/match.js';
import type { PronunciationEntry } from '../../brand/pronunciations.js';
import type { EditorRole } from '../../model/lock-rules.js';
import { lockHolds, lockStyles, renderLock } from '../shared/lock-control.js';
import { estimatedLength, type SpokenLength } from '../../script/spoken-length.js';
import { lengthText, overText, paceText, speedNote } from '../shared/length-words.js';
import { slotProblemText } from '../shared/slot-words.js';
import type { SlotDefinition } from '../../feed/types.js';
import { scriptSlots, type ScriptSlots } from '../../script/slots.js';
import { renderSlotChips, renderSlotProblems, sectionSlotStyles } from './section-slots.js';
import { SettledProblems } from './settled-problems.js';
import { renderHeard, type HeardWords } from './heard-words.js';
import { applyDirection, marksOf, removeMark, type DirectionAsk } from './direction-edit.js';
import { directionProblemWords, renderDirectionTools, renderMarkChips, sectionDirectionStyles } from './section-direction.js';
import type { MarkUse } from '../../script/direction.js';
import '../../i18n/later-words.js';

/** A section as the editor shows it. */
export interface ScriptEditorSection {
  id: string;
  label: string;
  text: string;
  /** The words as said (`{{slots}}` read as their samples, say-as written out), for the estimates; absent: `text`. */
  spoken?: string;
  /** Seconds of pauses its direction asks for, at speed 1, for the estimates; absent: none. */
  pauses?: number;
  /** Voice of this section when voices are set per section; undefined means the ad's voice. */
  voiceId?: string;
  /** Speaking rate of its voice at speed 1, for the estimate. */
  wordsPerMinute?: number;
  /** Locked by a creator (schema 6): in the adopter role its name, text, voice and place are fixed. */
  locked?: boolean;
  /** Why, in the creator's words. */
  lockReason?: string;
}

/** Whether the browser sizes a field to its content itself (Chromium); Firefox and WebKit are helped by `fitHeight`. */
const FIELD_SIZING = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/**
 * A text area's height from its text (up to its CSS max-height, past which it scrolls), where the browser
 * cannot do it. Through the CSSOM: a strict CSP refuses style attributes.
 */
function fitHeight(area: HTMLTextAreaElement): void {
  if (FIELD_SIZING) return;
  area.style.setProperty('height', 'auto');
  const borders = area.offsetHeight - area.clientHeight;
  area.style.setProperty('height', `${area.scrollHeight + borders}px`);
}

/** What the user changed. `final` is false while typing and true when the field is left. */
export type ScriptEdit =
  | { kind: 'text' | 'label'; id: string; value: string; final: boolean }
  | { kind: 'voice'; id: string; voiceId: string | undefined }
  | { kind: 'move'; id: string; to: number }
  | { kind: 'remove'; id: string }
  /** A creator locks or unlocks a section, or changes the reason. */
  | { kind: 'lock'; id: string; locked: boolean; reason: string | undefined }
  | { kind: 'add' };

/** "Comment on these words": the characters `from` to `to` of section `id`'s `text` (equal: none selected, the whole section). */
export interface ScriptComment {
  id: string;
  text: string;
  from: number;
  to: number;
}

/**
 * The script: ordered sections, each with a name and its text, edited as plain text, with a live estimate
 * of the spoken length per section and in total against the target, and a warning when it is too long.
 *
 * @tagname studio-editor-script-editor
 * @fires script-edit - `detail` is a `ScriptEdit`.
 * @fires script-fit - The user asked to fit the script to the target length.
 * @fires voiceover-generate - The user asked for voice-over of the sections that changed.
 * @fires script-comment - `detail` is a `ScriptComment`: "Comment on these words" on a section of `commentable`.
 * Words with a pronunciation entry are marked: a highlight behind the text (the field stays a plain text area,
 * so typing is as fast as ever: only the section typed in is matched again), and under it each entry with its
 * reading, also as the field's description for screen readers. Each direction mark (`[[pause 1.0s]]`) is
 * highlighted as a chip in the text the same way, and listed under it in words with a button that removes it.
 *
 * @csspart section - Each section.
 * @csspart total - The spoken length (the takes as voiced, or the estimate), its pace and speed, and its warning.
 * @csspart spoken - The spoken length: "Spoken: 28.7 s of 30 s", or "About 34.3 s of 30 s, estimated from the words".
 * @csspart pace - Words per second.
 * @csspart speed - "Read at 1.16x to fit 30 s", when the read was sped up.
 * @csspart marks - The highlights behind a section's text (a direction mark's is a `mark.cue`).
 * @csspart said - The entries that apply to a section, under its text.
 * @csspart lock - A creator's lock toggle and reason on each section.
 * @csspart lock-note - An adopter's note on a locked section: a padlock and the reason.
 * @csspart slots - A section's `{{slots}}`, under its text: a list named "Slots in <section>".
 * @csspart slot-chip - Each slot of a section with its sample ("{{price}} 59.99", or "no sample").
 * @csspart slot-problems - A section's malformed placeholders, under its text, in words.
 * @csspart comment-words - "Comment on these words", under a section of `commentable`.
 * @csspart heard - Under a stale section with a take: the words heard now, and the new ones not yet voiced.
 * @csspart direction - The Direction toolbar under the focused section's text: pause, emphasis, say as, rate.
 * @csspart direction-marks - A section's direction of the read as chips: a list named "Direction in <section>".
 * @csspart direction-mark - Each mark in words ("Pause 1.0 s", "Emphasis (strong): Acme"), with Remove.
 */
export class StudioScriptEditor extends StudioElement {
  static override styles = [controlStyles, actionRowStyles, lockStyles, styles, sectionSlotStyles, sectionDirectionStyles];

  @property({ attribute: false }) sections: ScriptEditorSection[] = [];
  /** Target length of the ad, in seconds. */
  @property({ type: Number }) target = 30;
  /** Speaking speed, 1 = normal. */
  @property({ type: Number }) speed = 1;
  /**
   * The ad's spoken length (`spokenLength`: the takes as voiced, or an estimate before any take). Without it,
   * the editor estimates from its sections.
   */
  @property({ attribute: false }) length: SpokenLength | undefined;
  /** `creator`: each section has a lock toggle; `adopter`: locked sections are read-only, their lock and reason shown. */
  @property({ attribute: false }) editorRole: EditorRole = 'creator';
  /** Offer a voice per section. */
  @property({ type: Boolean }) perSectionVoice = false;
  @property({ attribute: false }) voiceOptions: Array<{ id: string; name: string }> = [];
  /** Ids of the sections whose voice-over is missing or out of date. */
  @property({ attribute: false }) stale: ReadonlySet<string> = new Set();
  /** What the take of each stale section says, and its words now: shown while the old take is what plays. */
  @property({ attribute: false }) heard: ReadonlyMap<string, HeardWords> = new Map();
  /** Fitting or voicing is running. */
  @property({ type: Boolean }) busy = false;
  /** Whether fitting to the length is offered. */
  @property({ type: Boolean }) canFit = true;
  /** What fitting, and voicing the sections out of date, cost in credits (the one price); undefined when the service does not say. Said before the buttons run. */
  @property({ type: Number, attribute: false }) fitCredits: number | undefined;
  @property({ type: Number, attribute: false }) voiceCredits: number | undefined;
  /** The pronunciation entries that apply (the host's, then the project's): their words are marked. */
  @property({ attribute: false }) pronunciations: readonly PronunciationEntry[] = [];
  /** The slot definitions (schema 7): each section's `{{slots}}` are shown as chips with their samples. */
  @property({ attribute: false }) slots: readonly SlotDefinition[] = [];
  /** Ids of the sections whose words can be commented on (voiced, and someone named as reviewing): "Comment on these words". */
  @property({ attribute: false }) commentable: ReadonlySet<string> = new Set();

  /** The sections read for slots, and the definitions by name (from `willUpdate`). */
  #script: ScriptSlots = scriptSlots([]);
  #definitions = new Map<string, SlotDefinition>();
  /** The section whose text last had the focus: its Direction toolbar shows. */
  @state() private directing: string | undefined;
  /** Why the toolbar made no mark ("Select the words first"), or `''`. */
  @state() private directionNote = '';

  /** When each section's placeholder problems show (after a pause in typing) and whether they are announced. */
  readonly #settled = new SettledProblems(this);

  /** The last matches of each section, kept while its text and the list stay the same. */
  readonly #matches = new Map<string, { text: string; list: readonly PronunciationEntry[]; matches: PronunciationMatch[] }>();

  #matchesOf(section: ScriptEditorSection): PronunciationMatch[] {
    const kept = this.#matches.get(section.id);
    if (kept !== undefined && kept.text === section.text && kept.list === this.pronunciations) return kept.matches;
    const matches = matchPronunciations(section.text, this.pronunciations);
    this.#matches.set(section.id, { text: section.text, list: this.pronunciations, matches });
    return matches;
  }

  /**
   * The highlights behind a section's text: each direction mark as a chip (`mark.cue`), the words with a
   * pronunciation entry inside or between them. Hidden from assistive technology: `said` and the direction's
   * list under the text say the same.
   */
  #marks(text: string, matches: readonly PronunciationMatch[], cues: readonly MarkUse[]) {
    const said = (from: number, to: number) => {
      const pieces: unknown[] = [];
      let at = from;
      for (const match of matches) {
        if (match.start < at || match.end > to) continue;
        pieces.push(text.slice(at, match.start), html`<mark>${text.slice(match.start, match.end)}</mark>`);
        at = match.end;
      }
      pieces.push(text.slice(at, to));
      return pieces;
    };
    const pieces: unknown[] = [];
    let at = 0;
    for (const cue of cues) {
      pieces.push(said(at, cue.start), html`<mark class="cue">${said(cue.start, cue.end)}</mark>`);
      at = cue.end;
    }
    pieces.push(said(at, text.length));
    return html`<div class="marks" part="marks" aria-hidden="true">${pieces}</div>`;
  }

  /** The entries that apply to a section: each with its reading in a tooltip, and a sentence for screen readers. */
  #said(id: string, matches: readonly PronunciationMatch[]) {
    const t = this.t;
    const entries = [...new Set(matches.map((match) => match.entry))];
    const words = entries.map((entry) => t('pronounce.mark', { text: entry.text, say: entry.say }));
    return html`<p class="said" part="said" id="said-${id}">
      <span class="visually-hidden">${t('pronounce.marked', { entries: words.join(', ') })}</span>
      <span aria-hidden="true">${entries.map((entry, index) => html`<span class="chip" title=${t('pronounce.entry', { text: entry.text, say: entry.say })}>${words[index]}</span>`)}</span>
    </p>`;
  }

  #edit(edit: ScriptEdit): void {
    this.dispatchEvent(new CustomEvent<ScriptEdit>('script-edit', { detail: edit, bubbles: true }));
  }

  #emit(type: 'script-fit' | 'voiceover-generate'): void {
    this.dispatchEvent(new CustomEvent(type, { bubbles: true }));
  }

  /** The words selected in the section's text (a text area keeps its selection when the button takes the focus). */
  #commentOnWords(id: string): void {
    const area = this.renderRoot.querySelector<HTMLTextAreaElement>(`#text-${id}`);
    if (area === null) return;
    const detail: ScriptComment = { id, text: area.value, from: area.selectionStart, to: area.selectionEnd };
    this.dispatchEvent(new CustomEvent('script-comment', { detail, bubbles: true, composed: true }));
  }

  /** A toolbar mark applied to the section's text where its selection is: one undo step; the caret after the mark. */
  #direct(id: string, ask: DirectionAsk): void {
    const area = this.renderRoot.querySelector<HTMLTextAreaElement>(`#text-${id}`);
    if (area === null) return;
    const done = applyDirection(area.value, area.selectionStart, area.selectionEnd, ask);
    if (typeof done === 'string') {
      this.directionNote = this.t(done === 'select' ? 'direction.select' : 'direction.nested');
      return;
    }
    this.directionNote = '';
    area.value = done.text;
    this.#edit({ kind: 'text', id, value: done.text, final: true });
    area.focus();
    area.setSelectionRange(done.caret, done.caret);
  }

  #renderSection(section: ScriptEditorSection, index: number, seconds: number) {
    const t = this.t;
    const label = section.label || t('script.newSection', { n: index + 1 });
    const last = this.sections.length - 1;
    const matches = this.#matchesOf(section);
    const cues = marksOf(section.text);
    const names = [...new Set(this.#script.sections[index]?.slots.map((use) => use.name))];
    const problems = this.#settled.shown(section.id, [
      ...(this.#script.bySection[index] ?? []).map((problem) => slotProblemText(t, problem, section.text)),
      ...directionProblemWords(t, section.text),
    ]);
    const invalid = problems.words.length > 0;
    const lock = { role: this.editorRole, locked: section.locked === true, reason: section.lockReason, name: label, noteId: `lock-${section.id}` };
    const held = lockHolds(lock);
    // A locked section, for an adopter: read-only fields that say why, and no moving or removing.
    const described = held ? lock.noteId : nothing;
    const heard = this.stale.has(section.id) ? this.heard.get(section.id) : undefined;
    return html`<li part="section" class=${[this.stale.has(section.id) ? 'stale' : '', held ? 'locked' : ''].filter(Boolean).join(' ')}>
      <div class="head">
        <input class="label" type="text" maxlength="60" .value=${section.label} aria-label=${t('script.sectionLabel', { n: index + 1 })}
          ?readonly=${held} aria-readonly=${held ? 'true' : nothing} aria-describedby=${described}
          @input=${(e: InputEvent) => this.#edit({ kind: 'label', id: section.id, value: (e.target as HTMLInputElement).value, final: false })}
          @change=${(e: Event) => this.#edit({ kind: 'label', id: section.id, value: (e.target as HTMLInputElement).value, final: true })} />
        <span class="estimate">${t('script.estimate', { seconds: t.number(seconds, 1) })}</span>
        ${this.stale.has(section.id) ? html`<span class="badge">${t('script.stale')}</span>` : nothing}
        ${renderLock(t, { ...lock, set: (locked, reason) => this.#edit({ kind: 'lock', id: section.id, locked, reason }) })}
        <span class="tools">
          <button type="button" class="small" ?disabled=${index === 0 || held} aria-label=${t('script.moveUp', { label })}
            @click=${() => this.#edit({ kind: 'move', id: section.id, to: index - 1 })}>↑</button>
          <button type="button" class="small" ?disabled=${index === last || held} aria-label=${t('script.moveDown', { label })}
            @click=${() => this.#edit({ kind: 'move', id: section.id, to: index + 1 })}>↓</button>
          <button type="button" class="small" ?disabled=${held} aria-label=${t('script.remove', { label })}
            @click=${() => this.#edit({ kind: 'remove', id: section.id })}>✕</button>
        </span>
      </div>
      <div class=${matches.length + cues.length > 0 ? 'field marked' : 'field'}>
        ${matches.length + cues.length > 0 ? this.#marks(section.text, matches, cues) : nothing}
        <textarea rows="3" id="text-${section.id}" .value=${section.text} aria-label=${t('script.sectionText', { label })} ?readonly=${held} aria-readonly=${held ? 'true' : nothing}
          aria-invalid=${invalid ? 'true' : nothing}
          aria-describedby=${[invalid ? `slot-problems-${section.id}` : '', held ? lock.noteId : '', matches.length > 0 ? `said-${section.id}` : '', heard === undefined ? '' : `heard-${section.id}`].filter(Boolean).join(' ') || nothing}
          @focus=${() => {
            if (this.directing !== section.id) this.directionNote = '';
            this.directing = section.id;
          }}
          @input=${(e: InputEvent) => {
            fitHeight(e.target as HTMLTextAreaElement);
            this.#settled.typed(section.id);
            this.#edit({ kind: 'text', id: section.id, value: (e.target as HTMLTextAreaElement).value, final: false });
          }}
          @scroll=${(e: Event) => {
            const area = e.target as HTMLTextAreaElement;
            const marks = area.previousElementSibling;
            if (marks instanceof HTMLElement) marks.scrollTop = area.scrollTop;
          }}
          @change=${(e: Event) => {
            this.#settled.settle(section.id);
            this.#edit({ kind: 'text', id: section.id, value: (e.target as HTMLTextAreaElement).value, final: true });
          }}></textarea>
      </div>
      ${heard === undefined ? nothing : renderHeard(t, section.id, label, heard)}
      ${this.commentable.has(section.id)
        ? html`<button type="button" part="comment-words" class="comment-words" data-section=${section.id} @click=${() => this.#commentOnWords(section.id)}>${t('script.commentWords')}</button>`
        : nothing}
      ${this.directing === section.id
        ? renderDirectionTools(t, { id: section.id, label, speed: this.speed, disabled: held || this.busy, note: this.directionNote, ask: (ask) => this.#direct(section.id, ask) })
        : nothing}
      ${renderMarkChips(t, label, cues, this.speed, held || this.busy, (use) => this.#edit({ kind: 'text', id: section.id, value: removeMark(section.text, use), final: true }))}
      ${renderSlotProblems(section.id, problems.words, problems.alert)}
      ${renderSlotChips(t, label, names, this.#definitions)}
      ${matches.length > 0 ? this.#said(section.id, matches) : nothing}
      ${this.perSectionVoice
        ? html`<label class="voice">${t('script.sectionVoice', { label })}
            <select ?disabled=${held} aria-describedby=${described} @change=${(e: Event) => this.#edit({ kind: 'voice', id: section.id, voiceId: (e.target as HTMLSelectElement).value || undefined })}>
              <option value="" ?selected=${section.voiceId === undefined}>${t('script.adVoice')}</option>
              ${this.voiceOptions.map((voice) => html`<option value=${voice.id} ?selected=${voice.id === section.voiceId}>${voice.name}</option>`)}
            </select>
          </label>`
        : nothing}
    </li>`;
  }

  /** Reads the sections for slots; forgets the matches and problems of sections that are gone. */
  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('slots')) this.#definitions = new Map(this.slots.map((slot) => [slot.name, slot]));
    if (!changed.has('sections')) return;
    this.#script = scriptSlots(this.sections);
    const ids = new Set(this.sections.map((section) => section.id));
    for (const id of this.#matches.keys()) if (!ids.has(id)) this.#matches.delete(id);
    this.#settled.keep(ids);
  }

  /** Text set from outside (an idea chosen, undo) sizes its field too, where the browser does not. */
  protected override updated(): void {
    if (!FIELD_SIZING) for (const area of this.renderRoot.querySelectorAll('textarea')) fitHeight(area);
  }

  protected override render() {
    const t = this.t;
    const spoken = this.sections.map((section) => ({ text: section.spoken ?? section.text, ...(section.wordsPerMinute === undefined ? {} : { wordsPerMinute: section.wordsPerMinute }) }));
    const words = estimateScript(spoken, this.speed);
    const estimate = { sections: words.sections.map((seconds, index) => seconds + (this.sections[index]!.pauses ?? 0) / this.speed) };
    const length = this.length ?? estimatedLength(spoken, this.target, this.speed);
    const over = length.over;
    const note = speedNote(t, length);
    const staleCount = this.sections.filter((section) => this.stale.has(section.id)).length;
    return html`${this.sections.length === 0
        ? html`<p class="hint">${t('script.empty')}</p>`
        : html`<ol>
            ${repeat(this.sections, (section) => section.id, (section, index) => this.#renderSection(section, index, estimate.sections[index]!))}
          </ol>`}
      <button type="button" @click=${() => this.#edit({ kind: 'add' })}>${t('script.add')}</button>
      <div part="total" class=${over > 0 ? 'over' : ''}>
        <span part="spoken">${lengthText(t, length)}</span>
        <span part="pace">${paceText(t, length)}</span>
        ${note === '' ? nothing : html`<span part="speed">${note}</span>`}
        <span role="status">${over > 0 ? (length.estimate ? t('script.over', { over: t.number(over, 1), target: this.target }) : overText(t, length)) : ''}</span>
      </div>
      <div class="actions">
        ${this.canFit
          ? html`<button type="button" ?disabled=${this.busy || this.sections.length === 0} @click=${() => this.#emit('script-fit')}
                aria-describedby=${this.fitCredits === undefined ? nothing : 'fit-cost'}>
              ${t('script.fit', { target: this.target })}
            </button>
            ${this.fitCredits === undefined ? nothing : html`<span id="fit-cost" class="cost">${t.plural('credits.uses', this.fitCredits)}</span>`}`
          : nothing}
        <button type="button" class="primary" ?disabled=${this.busy || staleCount === 0} @click=${() => this.#emit('voiceover-generate')}
          aria-describedby=${this.voiceCredits !== undefined && staleCount > 0 ? 'voice-cost' : nothing}>
          ${staleCount === this.sections.length ? t('script.generate') : t.plural('script.generateSome', staleCount)}
        </button>
        ${this.voiceCredits !== undefined && staleCount > 0 ? html`<span id="voice-cost" class="cost">${t.plural('credits.uses', this.voiceCredits)}</span>` : nothing}
      </div>`;
  }
}

defineElement('studio-editor-script-editor', StudioScriptEditor);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-script-editor': StudioScriptEditor;
  }
}
