import { css, html, svg } from 'lit';
import type { PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { LoudnessSeries } from '../../audio/dsp/loudness.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import '../../i18n/later-words.js';

/** The graph's loudness scale, LUFS: -50 at the bottom, 0 at the top. */
const FLOOR = -50;
const WIDTH = 1000;
const HEIGHT = 200;
const STEP_S = 0.1;
const y = (lufs: number): number => (Number.isFinite(lufs) ? HEIGHT * (1 - Math.min(1, Math.max(0, (lufs - FLOOR) / -FLOOR))) : HEIGHT);

/** An SVG polyline's points from a series that starts `offset` steps in. */
function points(values: Float32Array, offset: number, steps: number): string {
  let out = '';
  for (let i = 0; i < values.length; i++) out += `${(((i + offset) / steps) * WIDTH).toFixed(1)},${y(values[i]!).toFixed(1)} `;
  return out;
}

/**
 * The loudness of the rendered ad over time: short-term (3 s) and momentary (400 ms) curves, the preset's
 * target with its tolerance band, and the moments whose peaks pass the true-peak ceiling. A click (or the
 * arrow keys, Home and End) moves the playhead there. The cursor shows the playhead (`clock`): while
 * `playing` it follows it every frame, moved through the DOM without a render.
 *
 * @tagname studio-editor-loudness-graph
 * @fires graph-seek - `{ time }` in seconds: the user chose a moment.
 */
export class StudioLoudnessGraph extends StudioElement {
  static override styles = css`
    :host {
      display: block;
    }
    .graph {
      position: relative;
      height: 140px;
      border: 1px solid var(--_border, #d1d5db);
      border-radius: 4px;
      background: var(--_surface, #ffffff);
      cursor: crosshair;
    }
    .graph:focus-visible {
      outline: 2px solid var(--_accent, #2563eb);
      outline-offset: 2px;
    }
    svg {
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
    }
    .band {
      fill: color-mix(in srgb, var(--_accent, #2563eb) 14%, transparent);
    }
    .target {
      stroke: var(--_accent, #2563eb);
      stroke-dasharray: 6 4;
      stroke-width: 1;
    }
    .momentary {
      fill: none;
      stroke: var(--_text-muted, #4b5563);
      stroke-width: 1;
      opacity: 0.6;
    }
    .short-term {
      fill: none;
      stroke: var(--_text, #111827);
      stroke-width: 2;
    }
    .over {
      fill: var(--_danger, #b91c1c);
    }
    .cursor {
      stroke: var(--_accent, #2563eb);
      stroke-width: 2;
    }
    .scale {
      position: absolute;
      inset: 0;
      pointer-events: none;
      font-size: 11px;
      color: var(--_text-muted, #4b5563);
    }
    .scale span {
      position: absolute;
      left: 4px;
      transform: translateY(-50%);
      top: calc(var(--at) * 100%);
    }
    .legend {
      display: flex;
      flex-wrap: wrap;
      gap: 4px 14px;
      margin: 4px 0 0;
      padding: 0;
      list-style: none;
      font-size: max(11px, 0.85em);
      color: var(--_text-muted, #4b5563);
    }
  `;

  @property({ attribute: false }) series: LoudnessSeries | null = null;
  /** Length of the ad, seconds. */
  @property({ type: Number }) duration = 0;
  /** The preset's target loudness and tolerance (LUFS, LU), and true-peak ceiling (dBTP). */
  @property({ type: Number }) target = -16;
  @property({ type: Number }) tolerance = 1;
  @property({ type: Number }) ceiling = -1;
  /** The playhead, seconds, read at each render and every frame while `playing`; without it the cursor stays at the last moment chosen. */
  @property({ attribute: false }) clock: (() => number) | undefined;
  @property({ type: Boolean }) playing = false;
  /** The last moment chosen here, seconds (where the cursor is without a `clock`). */
  @state() private chosen = 0;
  #frame = 0;

  /** Where the cursor is, seconds. */
  get cursor(): number {
    return this.#clamp(this.clock?.() ?? this.chosen);
  }

  #clamp(time: number): number {
    return Math.min(Math.max(0, time), this.duration);
  }

  #seek(time: number): void {
    this.chosen = this.#clamp(time);
    this.dispatchEvent(new CustomEvent('graph-seek', { detail: { time: this.chosen }, bubbles: true, composed: true }));
  }

  readonly #onClick = (event: MouseEvent): void => {
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    if (box.width > 0) this.#seek(((event.clientX - box.left) / box.width) * this.duration);
  };

  readonly #onKey = (event: KeyboardEvent): void => {
    const moves: Record<string, number> = { ArrowLeft: this.cursor - 1, ArrowRight: this.cursor + 1, PageDown: this.cursor - 5, PageUp: this.cursor + 5, Home: 0, End: this.duration };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.#seek(moves[event.key]!);
  };

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('playing') || changed.has('clock')) {
      cancelAnimationFrame(this.#frame);
      this.#frame = this.playing && this.clock !== undefined ? requestAnimationFrame(() => this.#tick()) : 0;
    }
    for (const span of this.renderRoot.querySelectorAll<HTMLElement>('.scale span')) span.style.setProperty('--at', String(y(Number(span.dataset['lufs'])) / HEIGHT));
  }

  /** While playing: the cursor moves to the playhead each frame (its line's attributes, no render). */
  #tick(): void {
    const line = this.renderRoot.querySelector('.cursor');
    if (line !== null && this.duration > 0) {
      const x = ((this.cursor / this.duration) * WIDTH).toFixed(1);
      line.setAttribute('x1', x);
      line.setAttribute('x2', x);
    }
    this.#frame = this.playing && this.isConnected ? requestAnimationFrame(() => this.#tick()) : 0;
  }

  protected override render() {
    const t = this.t;
    const series = this.series;
    if (series === null || this.duration <= 0) return html``;
    const steps = Math.max(1, Math.round(this.duration / STEP_S));
    const overs = [...series.peaks].flatMap((peak, step) => (peak > this.ceiling ? [step] : []));
    const x = (seconds: number) => (seconds / this.duration) * WIDTH;
    const summary = t('graph.summary', { target: t.level(this.target), overs: overs.length });
    const cursor = this.cursor;
    return html`<div class="graph" role="slider" tabindex="0" aria-label=${t('graph.label')} aria-valuemin="0" aria-valuemax=${Math.round(this.duration)}
        aria-valuenow=${Math.round(cursor)} aria-valuetext=${`${t.clock(cursor, true)}. ${summary}`} @click=${this.#onClick} @keydown=${this.#onKey}>
        <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="none" aria-hidden="true">
          ${svg`<rect class="band" x="0" width=${WIDTH} y=${y(this.target + this.tolerance)} height=${Math.max(1, y(this.target - this.tolerance) - y(this.target + this.tolerance))}></rect>
          <line class="target" x1="0" x2=${WIDTH} y1=${y(this.target)} y2=${y(this.target)} vector-effect="non-scaling-stroke"></line>
          <polyline class="momentary" points=${points(series.momentary, 3, steps)} vector-effect="non-scaling-stroke"></polyline>
          <polyline class="short-term" points=${points(series.shortTerm, 29, steps)} vector-effect="non-scaling-stroke"></polyline>
          ${overs.map((step) => svg`<rect class="over" x=${x(step * STEP_S)} y="0" width=${Math.max(2, x(STEP_S))} height="8"></rect>`)}
          <line class="cursor" x1=${x(cursor).toFixed(1)} x2=${x(cursor).toFixed(1)} y1="0" y2=${HEIGHT} vector-effect="non-scaling-stroke"></line>`}
        </svg>
        <div class="scale" aria-hidden="true">${[-10, -20, -30, -40].map((lufs) => html`<span data-lufs=${lufs}>${t.number(lufs, 0)}</span>`)}</div>
      </div>
      <ul class="legend">
        <li>${t('graph.shortTerm')}</li>
        <li>${t('graph.momentary')}</li>
        <li>${t('graph.target', { target: t.level(this.target), tolerance: t.level(this.tolerance) })}</li>
        <li>${overs.length === 0 ? t('graph.noOvers') : t.plural('graph.overs', overs.length)}</li>
      </ul>`;
  }
}

defineElement('studio-editor-loudness-graph', StudioLoudnessGraph);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-loudness-graph': StudioLoudnessGraph;
  }
}
