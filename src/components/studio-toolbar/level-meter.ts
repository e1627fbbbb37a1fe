import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { LiveMeter, MeterReading } from '../../audio/live-meter.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import '../../i18n/later-words.js';

/** The scale of the bars, dB(FS or LUFS): -60 to 0. */
const FLOOR = -60;
/** How long a true-peak hold stays up, ms. */
const HOLD_MS = 2000;
const position = (db: number): number => (Number.isFinite(db) ? Math.min(1, Math.max(0, (db - FLOOR) / -FLOOR)) : 0);

/** The made mix's last measured loudness: integrated LUFS and true peak dBTP (the preview's or the master's). */
export interface MixLoudness {
  readonly integrated: number;
  readonly truePeak: number;
}

/**
 * The toolbar's live meter, in words as well as bars: momentary and short-term loudness (LUFS) of what
 * plays against the delivery preset's target (the tick), and the true peak (dBTP, the louder channel) with
 * a 2 s peak hold (a click resets it) against the ceiling. Quiet while nothing plays. A `meter` role
 * described for screen readers, not a live region: it moves ten times a second. Where the toolbar is
 * narrow (a phone), a compact meter: short-term loudness and true peak only.
 *
 * At rest, once a mix is made (`lastMix`), it shows that mix's last measured integrated loudness and true
 * peak, marked "Last mix", instead of "–".
 *
 * @tagname studio-editor-level-meter
 * @csspart last-mix - At rest, the line that marks the figures as the last mix's.
 */
export class StudioLevelMeter extends StudioElement {
  static override styles = css`
    :host {
      display: inline-grid;
      grid-template-columns: auto auto 96px;
      align-items: center;
      gap: 1px 6px;
      font-size: 11px;
      line-height: 13px;
      font-variant-numeric: tabular-nums;
      color: var(--_text-muted, #4b5563);
      min-width: 0;
    }
    .row {
      display: contents;
    }
    .loudness,
    button.row {
      display: grid;
      grid-column: 1 / -1;
      grid-template-columns: subgrid;
      align-items: center;
      row-gap: 1px;
    }
    .value {
      text-align: end;
      white-space: nowrap;
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
    button.row {
      all: unset;
      display: grid;
      grid-column: 1 / -1;
      grid-template-columns: subgrid;
      align-items: center;
      cursor: pointer;
    }
    button.row:focus-visible .bar {
      outline: 2px solid var(--_accent, #2563eb);
      outline-offset: 2px;
    }
    .visually-hidden {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    /* On a touch screen the true-peak row is the button that resets the hold: a finger's 44 px. */
    @media (pointer: coarse) {
      button.row {
        min-height: 44px;
        min-width: 44px;
      }
    }
    @media (prefers-reduced-motion: no-preference) {
      .fill {
        transition: width 90ms linear;
      }
    }
    /* The words of a label for a wide meter and for a compact one. */
    .narrow {
      display: none;
    }
    /*
     * A phone: short-term loudness and true peak side by side, each its unit, its figure (loudness to the
     * unit, -14; true peak to a tenth) and its bar one under the other, no taller than a button.
     */
    @container (max-width: 520px) {
      :host {
        grid-template-columns: repeat(2, minmax(0, 1fr));
        column-gap: 6px;
        font-size: 11px;
      }
      .loudness,
      button.row {
        grid-column: auto;
        grid-template-columns: minmax(0, 1fr);
        align-content: center;
        gap: 1px;
      }
      .label,
      .value {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
        text-align: start;
        line-height: 12px;
      }
      .bar {
        margin-top: 3px;
      }
      .momentary,
      .unit,
      .wide {
        display: none;
      }
      .narrow {
        display: inline;
      }
      /*
       * A finger's 44 px for the true-peak button where the toolbar has room (a 390 px phone): its box reaches back
       * over the gap and the blank end of the loudness column (it draws nothing there). Narrower, as in a 358 px
       * editor, the column's labels need that room whole.
       */
      @container (min-width: 340px) {
        button.row {
          box-sizing: border-box;
          margin-inline-start: -20px;
          padding-inline-start: 18px;
        }
      }
    }
  `;

  /** The live meter of the editor's playback. */
  @property({ attribute: false }) meter: LiveMeter | undefined;
  /** The preset's target loudness, LUFS (the tick on the loudness bar). */
  @property({ type: Number }) target = -16;
  /** The preset's true-peak ceiling, dBTP. */
  @property({ type: Number }) ceiling = -1;
  /** The made mix's last measured loudness, shown at rest; undefined before a mix is made. */
  @property({ attribute: false }) lastMix: MixLoudness | undefined;
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
    // At rest the bars show the last mix: its integrated loudness on the loudness bar, its true peak on the peak's.
    const rest = reading === undefined ? this.lastMix : undefined;
    const set = (selector: string, name: string, value: number) => this.renderRoot.querySelector<HTMLElement>(selector)?.style.setProperty(name, String(value));
    set('.momentary .fill', '--level', position(reading?.momentary ?? -Infinity));
    set('.short-term .fill', '--level', position(reading?.shortTerm ?? rest?.integrated ?? -Infinity));
    set('.momentary .tick', '--at', position(this.target));
    set('.short-term .tick', '--at', position(this.target));
    set('.peak .fill', '--level', position(reading ? Math.max(...reading.truePeak) : (rest?.truePeak ?? -Infinity)));
    set('.peak .hold', '--at', position(Math.max(...this.#holds.map((hold) => hold.value), -Infinity)));
    set('.peak .tick', '--at', position(this.ceiling));
  }

  protected override render() {
    const t = this.t;
    const reading = this.reading;
    if (reading === undefined && this.lastMix !== undefined) return this.#rest(this.lastMix);
    const short = reading?.shortTerm ?? -Infinity;
    const momentary = reading?.momentary ?? -Infinity;
    const peak = Math.max(...(reading?.truePeak ?? [-Infinity]));
    const held = Math.max(...this.#holds.map((hold) => hold.value), -Infinity);
    const text = reading === undefined ? t('meter.idle') : t('meter.summary', { momentary: t.level(momentary), shortTerm: t.level(short), truePeak: t.level(peak) });
    const value = (db: number) => (reading ? this.#lufs(db) : '–');
    const row = (name: 'momentary' | 'short-term', label: string, db: number) =>
      html`<span class="row ${name}" aria-hidden="true">
        <span class="label"><span class="wide">${label}</span><span class="narrow">LUFS</span></span>
        <span class="value">${value(db)}<span class="unit"> LUFS</span></span>
        <span class="bar"><span class="fill"></span><span class="tick"></span></span>
      </span>`;
    return html`<span class="visually-hidden" id="meter-description">${t('meter.description', { target: t.level(this.target), ceiling: t.level(this.ceiling) })}</span>
      <span class="loudness" role="meter" aria-label=${t('meter.label')} aria-describedby="meter-description" aria-valuemin=${FLOOR} aria-valuemax="0"
        aria-valuenow=${Number.isFinite(short) ? Math.round(short * 10) / 10 : FLOOR} aria-valuetext=${text}>
        ${row('momentary', t('meter.momentary'), momentary)}${row('short-term', t('meter.shortTerm'), short)}
      </span>
      <button class="row peak ${held > this.ceiling ? 'over' : ''}" @click=${() => ((this.#holds = []), this.requestUpdate())}>
        <span class="label"><span class="wide">${t('meter.truePeak')}</span><span class="narrow">dBTP</span><span class="visually-hidden">: ${t('meter.resetHold')},</span></span>
        <span class="value">${reading ? t.level(peak) : '–'}<span class="unit"> dBTP</span></span>
        <span class="bar" aria-hidden="true"><span class="fill"></span><span class="hold"></span><span class="tick"></span></span>
      </button>
      ${reading === undefined ? nothing : html`<span class="visually-hidden">${peak > this.ceiling ? t('meter.over') : ''}</span>`}`;
  }

  /** A loudness figure: to a tenth, or to the unit on a compact meter (the tenth is in the meter's description). */
  #lufs(db: number) {
    const t = this.t;
    return Number.isFinite(db) ? html`<span class="wide">${t.level(db)}</span><span class="narrow">${t.number(db, 0)}</span>` : t.level(db);
  }

  /** At rest: the last mix's integrated loudness and true peak, under a "Last mix" line (a compact meter names each by its unit, the line in its description). */
  #rest(mix: MixLoudness) {
    const t = this.t;
    const text = t('meter.lastMixSummary', { integrated: t.level(mix.integrated), truePeak: t.level(mix.truePeak) });
    return html`<span class="visually-hidden" id="meter-description">${t('meter.description', { target: t.level(this.target), ceiling: t.level(this.ceiling) })}</span>
      <span class="loudness" role="meter" aria-label=${t('meter.label')} aria-describedby="meter-description" aria-valuemin=${FLOOR} aria-valuemax="0"
        aria-valuenow=${Number.isFinite(mix.integrated) ? Math.round(mix.integrated * 10) / 10 : FLOOR} aria-valuetext=${text}>
        <span class="row momentary" part="last-mix" aria-hidden="true"><span class="label">${t('meter.lastMix')}</span></span>
        <span class="row short-term" aria-hidden="true">
          <span class="label"><span class="wide">${t('meter.integrated')}</span><span class="narrow">LUFS</span></span>
          <span class="value">${this.#lufs(mix.integrated)}<span class="unit"> LUFS</span></span>
          <span class="bar"><span class="fill"></span><span class="tick"></span></span>
        </span>
      </span>
      <button class="row peak ${mix.truePeak > this.ceiling ? 'over' : ''}" @click=${() => ((this.#holds = []), this.requestUpdate())}>
        <span class="label"><span class="wide">${t('meter.truePeak')}</span><span class="narrow">dBTP</span><span class="visually-hidden">: ${t('meter.resetHold')},</span></span>
        <span class="value">${t.level(mix.truePeak)}<span class="unit"> dBTP</span></span>
        <span class="bar" aria-hidden="true"><span class="fill"></span><span class="hold"></span><span class="tick"></span></span>
      </button>`;
  }
}

defineElement('studio-editor-level-meter', StudioLevelMeter);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-level-meter': StudioLevelMeter;
  }
}
