import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { LiveMeter, MeterReading } from '../../audio/live-meter.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';

/** The scale of the bars, dB(FS or LUFS): -60 to 0. */
const FLOOR = -60;
/** How long a true-peak hold stays up, ms. */
const HOLD_MS = 2000;
const position = (db: number): number => (Number.isFinite(db) ? Math.min(1, Math.max(0, (db - FLOOR) / -FLOOR)) : 0);

/**
 * The toolbar's live meter: momentary and short-term loudness of what plays, against the delivery
 * preset's target (the tick), and the true peak of each channel with a 2 s peak hold (click resets it)
 * against the ceiling. Quiet while nothing plays. A `meter` role with a summary for screen readers, not a
 * live region: it moves ten times a second.
 *
 * @tagname studio-editor-level-meter
 */
export class StudioLevelMeter extends StudioElement {
  static override styles = css`
    :host {
      display: inline-grid;
      grid-template-columns: auto 96px;
      align-items: center;
      gap: 2px 6px;
      font-size: 11px;
      font-variant-numeric: tabular-nums;
      color: var(--_text-muted, #4b5563);
      min-width: 0;
    }
    .bar {
      display: block;
      position: relative;
      height: 6px;
      border-radius: 2px;
      background: var(--_border, #d1d5db);
      overflow: visible;
    }
    .fill {
      position: absolute;
      inset: 0 auto 0 0;
      width: calc(var(--level, 0) * 100%);
      border-radius: 2px;
      background: var(--_accent, #2563eb);
    }
    .over .fill {
      background: var(--_danger, #b91c1c);
    }
    .tick,
    .hold {
      position: absolute;
      top: -2px;
      bottom: -2px;
      width: 2px;
      left: calc(var(--at, 0) * 100% - 1px);
    }
    .tick {
      background: var(--_text, #111827);
    }
    .hold {
      background: var(--_warning, #b45309);
    }
    button {
      all: unset;
      cursor: pointer;
    }
    button:focus-visible {
      outline: 2px solid var(--_accent, #2563eb);
      outline-offset: 2px;
    }
    @media (prefers-reduced-motion: no-preference) {
      .fill {
        transition: width 90ms linear;
      }
    }
  `;

  /** The live meter of the editor's playback. */
  @property({ attribute: false }) meter: LiveMeter | undefined;
  /** The preset's target loudness, LUFS (the tick on the loudness bar). */
  @property({ type: Number }) target = -16;
  /** The preset's true-peak ceiling, dBTP. */
  @property({ type: Number }) ceiling = -1;
  /** Whether audio plays; the readings fade to idle when it stops. */
  @property({ type: Boolean, reflect: true }) playing = false;

  @state() private reading: MeterReading | undefined;
  #holds: Array<{ value: number; until: number }> = [];
  #for: LiveMeter | undefined;
  #off: (() => void) | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    // Back in the page (a move in the DOM): listen to the meter again.
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#off?.();
    this.#off = undefined;
    this.#for = undefined;
  }

  protected override willUpdate(): void {
    if (this.isConnected && (this.meter !== this.#for || this.#off === undefined)) {
      this.#off?.();
      this.#for = this.meter;
      this.#off = this.meter?.subscribe((reading) => this.#take(reading));
    }
    if (!this.playing) this.reading = undefined;
  }

  #take(reading: MeterReading): void {
    if (!this.playing) return;
    const now = performance.now();
    this.#holds = reading.truePeak.map((value, channel) => {
      const held = this.#holds[channel];
      return held !== undefined && held.until > now && held.value >= value ? held : { value, until: now + HOLD_MS };
    });
    this.reading = reading;
  }

  /** The last readings, for tests and screen readers. */
  get current(): MeterReading | undefined {
    return this.reading;
  }

  protected override updated(): void {
    const reading = this.reading;
    const set = (selector: string, name: string, value: number) => this.renderRoot.querySelector<HTMLElement>(selector)?.style.setProperty(name, String(value));
    set('.loudness .fill', '--level', position(reading?.shortTerm ?? -Infinity));
    set('.loudness .tick', '--at', position(this.target));
    [0, 1].forEach((channel) => {
      set(`.peak-${channel} .fill`, '--level', position(reading?.truePeak[channel] ?? -Infinity));
      set(`.peak-${channel} .hold`, '--at', position(this.#holds[channel]?.value ?? -Infinity));
      set(`.peak-${channel} .tick`, '--at', position(this.ceiling));
    });
  }

  protected override render() {
    const t = this.t;
    const reading = this.reading;
    const short = reading?.shortTerm ?? -Infinity;
    const momentary = reading?.momentary ?? -Infinity;
    const peak = Math.max(...(reading?.truePeak ?? [-Infinity]));
    const text = reading === undefined ? t('meter.idle') : t('meter.summary', { momentary: t.level(momentary), shortTerm: t.level(short), truePeak: t.level(peak) });
    return html`<span aria-hidden="true">${t('meter.m')} ${reading ? t.level(momentary) : '–'} · ${t('meter.s')} ${reading ? t.level(short) : '–'}</span>
      <div class="bar loudness" role="meter" aria-label=${t('meter.label')} aria-valuemin=${FLOOR} aria-valuemax="0"
        aria-valuenow=${Number.isFinite(short) ? Math.round(short * 10) / 10 : FLOOR} aria-valuetext=${text}>
        <div class="fill"></div><div class="tick"></div>
      </div>
      ${[0, 1].map(
        (channel) => html`<span aria-hidden="true">${channel === 0 ? t('meter.left') : t('meter.right')} ${reading ? t.level(reading.truePeak[channel] ?? -Infinity) : '–'}</span>
          <button class="bar peak-${channel} ${(this.#holds[channel]?.value ?? -Infinity) > this.ceiling ? 'over' : ''}" aria-label=${t('meter.resetHold')}
            @click=${() => ((this.#holds = []), this.requestUpdate())}>
            <div class="fill"></div><div class="hold"></div><div class="tick"></div>
          </button>`,
      )}
      ${reading === undefined ? nothing : html`<span class="visually-hidden">${peak > this.ceiling ? t('meter.over') : ''}</span>`}`;
  }
}

defineElement('studio-editor-level-meter', StudioLevelMeter);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-level-meter': StudioLevelMeter;
  }
}
