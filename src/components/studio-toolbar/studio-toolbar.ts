import { css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';
import type { LiveMeter } from '../../audio/live-meter.js';
import { loadLevelMeter } from './load-level-meter.js';
import type { MixLoudness } from './level-meter.js';

/** The toolbar's requests to the editor. */
export type ToolbarAction = 'undo' | 'redo' | 'play-toggle' | 'export' | 'open-in-studio' | 'fullscreen';

/**
 * The editor's top bar: the project title (editable), undo and redo, play or pause with the time, export,
 * open in studio and the credits used. A `toolbar` in ARIA terms: one tab stop, arrow keys move between
 * its buttons.
 *
 * @tagname studio-editor-toolbar
 * @fires toolbar-action - `detail` is a `ToolbarAction`.
 * @fires title-change - `detail` is the new title (trimmed, not empty).
 * @csspart title - The title field.
 */
export class StudioToolbar extends StudioElement {
  static override styles = [
    controlStyles,
    css`
      :host {
        display: flex;
        align-items: center;
        gap: var(--_space, 12px);
        min-width: 0;
        flex-wrap: wrap;
        container-type: inline-size;
      }
      [part='title'] {
        flex: 1 1 160px;
        font-weight: 600;
        border-color: transparent;
        background: transparent;
        /* A long title on a narrow bar ends in an ellipsis, not mid-letter, until it is edited. */
        text-overflow: ellipsis;
      }
      [part='title']:hover,
      [part='title']:focus {
        border-color: var(--_border, #d1d5db);
        background: var(--_surface, #ffffff);
      }
      [role='toolbar'] {
        display: flex;
        align-items: center;
        gap: 6px;
        flex-wrap: wrap;
      }
      .time {
        font-variant-numeric: tabular-nums;
        min-width: 7.5em;
        color: var(--_text-muted, #4b5563);
      }
      .credits {
        color: var(--_text-muted, #4b5563);
        font-size: max(11px, 0.9em);
      }
      button.icon {
        min-width: 36px;
        padding: 0 10px;
      }
      /* The meter's box (in English) until its module arrives after the first paint, so that it arriving moves nothing. */
      studio-editor-level-meter:not(:defined) {
        display: inline-block;
        width: 208px;
        height: 41px;
      }
      @media (pointer: coarse) {
        studio-editor-level-meter:not(:defined) {
          height: 72px;
        }
      }
      /*
       * A phone: two rows. The title, the time and the credits, then the buttons around a compact meter and
       * Export (one tap from any view).
       */
      @container (max-width: 520px) {
        :host {
          gap: 6px 8px;
        }
        [part='title'] {
          flex: 1 1 80px;
        }
        .time {
          min-width: 0;
          font-size: max(11px, 0.85em);
        }
        .credits {
          flex: 0 1 auto;
          max-width: 7em;
          font-size: max(11px, 0.8em);
          line-height: 1.2;
        }
        [role='toolbar'] {
          order: 1;
          flex: 1 1 100%;
          flex-wrap: nowrap;
        }
        studio-editor-level-meter {
          flex: 1 1 auto;
        }
        studio-editor-level-meter:not(:defined) {
          width: auto;
          height: 35px;
        }
        @media (pointer: coarse) {
          studio-editor-level-meter:not(:defined) {
            height: 44px;
          }
        }
      }
    `,
  ];

  @property() projectTitle = '';
  @property({ type: Boolean }) canUndo = false;
  @property({ type: Boolean }) canRedo = false;
  @property({ type: Boolean }) playing = false;
  /** Whether there is anything to play yet. */
  @property({ type: Boolean }) canPlay = false;
  @property({ type: Number }) time = 0;
  /** The playhead's time source, seconds: read every frame while `playing` to show the time. */
  @property({ attribute: false }) clock: (() => number) | undefined;
  @property({ type: Number }) duration = 0;
  /** Credits used by this project so far, when the service reported any. */
  @property({ type: Number }) credits: number | undefined;
  /** Credits the account has left, as the service last said; undefined when it did not. */
  @property({ type: Number }) creditsLeft: number | undefined;
  @property({ type: Boolean }) canExport = true;
  /** The reviewer role: no editing control (undo, redo; the title is read-only). */
  @property({ type: Boolean }) reviewing = false;
  @property({ type: Boolean }) openInStudio = false;
  /** The editor fills the screen (the button then gives the page back). */
  @property({ type: Boolean }) fullscreen = false;
  /** The live meter of what plays, shown beside the time; none without one. */
  @property({ attribute: false }) meter: LiveMeter | undefined;
  /** The delivery preset's target loudness (LUFS) and true-peak ceiling (dBTP), marked on the meter. */
  @property({ type: Number }) target = -16;
  @property({ type: Number }) ceiling = -1;
  /** The made mix's last measured loudness (integrated, true peak), shown by the meter at rest. */
  @property({ attribute: false }) lastMix: MixLoudness | undefined;

  #frame = 0;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  /** While playing, the time follows the clock once a frame. */
  #follow(): void {
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    if (!this.playing || this.clock === undefined || !this.isConnected) return;
    const tick = () => {
      if (this.clock !== undefined) this.time = this.clock();
      this.#frame = requestAnimationFrame(tick);
    };
    this.#frame = requestAnimationFrame(tick);
  }

  #action(action: ToolbarAction): void {
    this.dispatchEvent(new CustomEvent<ToolbarAction>('toolbar-action', { detail: action, bubbles: true }));
  }

  #commitTitle(input: HTMLInputElement): void {
    const title = input.value.trim();
    if (title === '' || title === this.projectTitle) {
      input.value = this.projectTitle;
      return;
    }
    this.dispatchEvent(new CustomEvent<string>('title-change', { detail: title, bubbles: true }));
  }

  /** Roving focus between the buttons: one tab stop, arrows, Home and End. */
  #handleKeydown(event: KeyboardEvent): void {
    const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const buttons = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button:not(:disabled)')];
    const index = buttons.indexOf(this.renderRoot.querySelector<HTMLButtonElement>('[role="toolbar"] button:focus')!);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
    event.preventDefault();
    buttons[next]?.focus();
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('playing') || changed.has('clock')) this.#follow();
    // The meter's module comes after the first paint (load-level-meter.ts); here at the latest, when there is audio.
    if (changed.has('meter') && this.meter !== undefined) loadLevelMeter().catch(() => undefined);
    // One tab stop: the first enabled button, or the one that has focus.
    const buttons = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')];
    const focused = buttons.find((button) => button.matches(':focus') && !button.disabled);
    const stop = focused ?? buttons.find((button) => !button.disabled);
    for (const button of buttons) button.tabIndex = button === stop ? 0 : -1;
  }

  protected override render() {
    const t = this.t;
    const time = html`<span class="time" aria-live="off">${t('toolbar.time', { time: t.clock(this.time, true), duration: t.clock(this.duration, true) })}</span>`;
    return html`<input part="title" type="text" maxlength="200" aria-label=${t('toolbar.title')} .value=${this.projectTitle} ?readonly=${this.reviewing}
        @change=${(event: Event) => this.#commitTitle(event.target as HTMLInputElement)}
        @keydown=${(event: KeyboardEvent) => event.key === 'Enter' && (event.target as HTMLInputElement).blur()} />
      ${time}
      <div role="toolbar" aria-label=${t('toolbar.label')} @keydown=${this.#handleKeydown}
        @focusin=${() => this.requestUpdate()}>
        ${this.reviewing
          ? nothing
          : html`<button type="button" class="icon" ?disabled=${!this.canUndo} aria-keyshortcuts="Control+Z" @click=${() => this.#action('undo')}>
                <span aria-hidden="true">↶</span><span class="visually-hidden">${t('toolbar.undo')}</span>
              </button>
              <button type="button" class="icon" ?disabled=${!this.canRedo} aria-keyshortcuts="Control+Shift+Z" @click=${() => this.#action('redo')}>
                <span aria-hidden="true">↷</span><span class="visually-hidden">${t('toolbar.redo')}</span>
              </button>`}
        <button type="button" class="icon" ?disabled=${!this.canPlay} aria-keyshortcuts="Space" @click=${() => this.#action('play-toggle')}>
          <span aria-hidden="true">${this.playing ? '❚❚' : '▶'}</span><span class="visually-hidden">${this.playing ? t('toolbar.pause') : t('toolbar.play')}</span>
        </button>
        <studio-editor-level-meter part="meter" .meter=${this.meter} .target=${this.target} .ceiling=${this.ceiling} .lastMix=${this.lastMix} ?playing=${this.playing}></studio-editor-level-meter>
        ${this.openInStudio ? html`<button type="button" @click=${() => this.#action('open-in-studio')}>${t('toolbar.openInStudio')}</button>` : nothing}
        <button type="button" class="icon" aria-pressed=${this.fullscreen ? 'true' : 'false'} @click=${() => this.#action('fullscreen')}>
          <span aria-hidden="true">${this.fullscreen ? '⤡' : '⤢'}</span><span class="visually-hidden">${t('toolbar.fullscreen')}</span>
        </button>
        ${this.canExport ? html`<button type="button" class="primary export" @click=${() => this.#action('export')}>${t('toolbar.export')}</button>` : nothing}
      </div>
      ${this.credits === undefined
        ? nothing
        : html`<span class="credits">${this.creditsLeft === undefined
            ? t('toolbar.credits', { credits: t.number(this.credits, 0) })
            : t('toolbar.creditsLeft', { credits: t.number(this.credits, 0), left: t.number(this.creditsLeft, 0) })}</span>`}`;
  }
}

defineElement('studio-editor-toolbar', StudioToolbar);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-toolbar': StudioToolbar;
  }
}
