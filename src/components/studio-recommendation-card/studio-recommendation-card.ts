import type { LicensedFrom } from '../studio-recommend-panel/licensed-ideas.js';
import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';
import { actionRowStyles } from '../shared/panel.styles.js';
import type { Recommendation } from '../../api/contract.js';
import type { SpokenLength } from '../../script/spoken-length.js';
import { lengthSummary } from '../shared/length-words.js';

const EXCERPT_LENGTH = 160;

/** The first words of a script, cut at a word boundary. */
export function scriptExcerpt(recommendation: Recommendation, length = EXCERPT_LENGTH): string {
  const text = recommendation.script.sections.map((section) => section.text.trim()).join(' ').replace(/\s+/g, ' ');
  if (text.length <= length) return text;
  const cut = text.lastIndexOf(' ', length);
  return `${text.slice(0, cut > length / 2 ? cut : length)}…`;
}

/**
 * One recommended composition: script excerpt, voice, music and length, with Preview, Use this and Make the
 * ad, and what each of the last two does and costs in words. Once it is the ad made (`made`), its button
 * reads "Make again", no longer the primary one, and asks before it spends the credits again.
 *
 * @tagname studio-editor-recommendation-card
 * @fires recommendation-choose - The user chose this recommendation; `detail` is its id.
 * @fires recommendation-make - The user asked for the whole ad from it ("Make the ad"); `detail` is its id.
 * @fires recommendation-preview - The user asked to hear it (or to stop); `detail` is its id.
 * @csspart card - The card.
 * @csspart length - The idea's length; once the ad is made from it, the made ad's spoken length.
 * @csspart actions - Preview, Use this and Make the ad (stuck to the bottom of the panel's scroll area while
 *   the card runs past it; the panel unsticks them where the cards stand side by side).
 */
export class StudioRecommendationCard extends StudioElement {
  static override styles = [
    controlStyles,
    actionRowStyles,
    css`
      :host {
        display: block;
      }
      article {
        display: grid;
        gap: 8px;
        height: 100%;
        padding: var(--_space, 12px);
        border: 1px solid var(--_border, #d1d5db);
        border-radius: var(--_radius, 8px);
        background: var(--_surface, #ffffff);
      }
      :host([chosen]) article {
        border-color: var(--_accent, #2563eb);
        box-shadow: 0 0 0 1px var(--_accent, #2563eb);
      }
      h3 {
        margin: 0;
        font-size: 1em;
      }
      /* The idea's first lines (four at most), so that its actions stay near. */
      blockquote {
        margin: 0;
        color: var(--_text-muted, #4b5563);
        display: -webkit-box;
        -webkit-box-orient: vertical;
        -webkit-line-clamp: 4;
        line-clamp: 4;
        overflow: hidden;
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 2px 10px;
        margin: 0;
        font-size: max(11px, 0.9em);
      }
      dt {
        color: var(--_text-muted, #4b5563);
      }
      dd {
        margin: 0;
      }
      .cost {
        align-self: center;
        color: var(--_text-muted, #4b5563);
        font-size: max(11px, 0.9em);
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
        align-self: end;
      }
      /* What Use this and Make the ad do and cost, in words. */
      .what {
        display: grid;
        gap: 4px;
        margin: 0;
        padding: 0;
        list-style: none;
        color: var(--_text-muted, #4b5563);
        font-size: 0.9em;
      }
      .confirm {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px;
        flex-basis: 100%;
      }
      .confirm p {
        margin: 0;
        flex-basis: 100%;
      }
    `,
  ];

  @property({ attribute: false }) recommendation: Recommendation | undefined;
  /** This recommendation is the one in use. */
  @property({ type: Boolean, reflect: true }) chosen = false;
  /** Its preview is playing. */
  @property({ type: Boolean }) previewing = false;
  /** "Make the ad" is under way (from any card). */
  @property({ type: Boolean }) making = false;
  /**
   * The spoken length of the ad made from this idea (its takes as voiced), once made: shown in place of the
   * idea's own length, as the Script panel, the version chip and the status line say it.
   */
  @property({ attribute: false }) spoken: SpokenLength | undefined;
  /** What making the whole ad costs at most, in credits (the one price, session/price.ts); undefined when the service does not say. */
  @property({ type: Number, attribute: false }) makeCredits: number | undefined;
  /** This idea is the ad made (its script voiced in the project): its button reads "Make again". */
  @property({ type: Boolean, reflect: true }) made = false;

  /** "Make again" was pressed: the cost is asked about first. */
  @state() private confirming = false;

  /** Focus on the card itself (its heading names it), as when results arrive. */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector<HTMLElement>('article')?.focus(options);
  }

  #emit(type: 'recommendation-choose' | 'recommendation-preview' | 'recommendation-make'): void {
    if (this.recommendation === undefined) return;
    this.dispatchEvent(new CustomEvent(type, { detail: this.recommendation.recommendation_id, bubbles: true }));
  }

  protected override willUpdate(): void {
    if (!this.made || this.making) this.confirming = false;
  }

  /** Make the ad; made already, it asks first (it is paid again). */
  #handleMake(): void {
    if (!this.made) {
      this.#emit('recommendation-make');
      return;
    }
    this.confirming = true;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('.confirm button')?.focus());
  }

  #confirmMake(confirmed: boolean): void {
    this.confirming = false;
    if (confirmed) this.#emit('recommendation-make');
    else void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('#make')?.focus());
  }

  /** What Make the ad costs: its price (`id`'d where it describes the button), or that it is paid. */
  #cost(id?: string) {
    const t = this.t;
    return this.makeCredits !== undefined ? html`<span id=${id ?? nothing} class="cost">${t.plural('credits.uses', this.makeCredits)}</span>` : t('card.makePaid');
  }

  protected override render() {
    const r = this.recommendation;
    if (r === undefined) return nothing;
    const t = this.t;
    const headingId = `title-${r.recommendation_id}`;
    // A voice or track put in place of one the host did not license says so (licensed-ideas.ts).
    const from = (r.licensed_from ?? {}) as LicensedFrom;
    const inPlaceOf = (name: string | undefined) => (name === undefined ? [] : [t('card.inPlaceOf', { name })]);
    const voice = [r.voice.name, r.voice.language, r.voice.gender, ...inPlaceOf(from.voice)].filter(Boolean).join(' · ');
    const music = [r.music.title, r.music.style, r.music.mood, ...inPlaceOf(from.music)].filter(Boolean).join(' · ');
    return html`<article part="card" tabindex="-1" aria-labelledby=${headingId}>
      <h3 id=${headingId}>${r.title}</h3>
      <blockquote>${scriptExcerpt(r)}</blockquote>
      <dl>
        <dt>${t('card.voice')}</dt>
        <dd>${voice}</dd>
        <dt>${t('card.music')}</dt>
        <dd>${music}</dd>
        <dt>${t('card.length')}</dt>
        <dd part="length">${this.spoken === undefined ? t('recommend.seconds', { seconds: Math.round(r.duration_s) }) : lengthSummary(t, this.spoken)}</dd>
      </dl>
      <ul class="what">
        <li id="choose-what">${t('card.chooseWhat')}</li>
        <li id="make-what">${this.made ? t('card.madeWhat') : t('card.makeWhat')} ${this.#cost('make-cost')}.</li>
      </ul>
      <div class="actions" part="actions">
        <button type="button" aria-pressed=${this.previewing ? 'true' : 'false'} @click=${() => this.#emit('recommendation-preview')}>
          ${this.previewing ? t('card.stopPreview') : t('card.preview')}
        </button>
        <button type="button" ?disabled=${this.chosen} aria-describedby="choose-what" @click=${() => this.#emit('recommendation-choose')}>
          ${this.chosen ? t('card.chosen') : t('card.choose')}
        </button>
        <button type="button" id="make" class=${this.made ? 'again' : 'primary'} ?disabled=${this.making} aria-describedby="make-what" aria-expanded=${this.made ? String(this.confirming) : nothing}
          @click=${this.#handleMake}>${this.made ? t('card.makeAgain') : t('card.make')}</button>
        ${this.confirming
          ? html`<div class="confirm" role="group" aria-labelledby="confirm-text">
              <p id="confirm-text">${t('card.confirmAgain')} ${this.#cost()}.</p>
              <button type="button" @click=${() => this.#confirmMake(true)}>${t('card.makeAgain')}</button>
              <button type="button" @click=${() => this.#confirmMake(false)}>${t('recommend.cancelChoose')}</button>
            </div>`
          : nothing}
      </div>
    </article>`;
  }
}

defineElement('studio-editor-recommendation-card', StudioRecommendationCard);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-recommendation-card': StudioRecommendationCard;
  }
}
