// The delivery report's drawing: short-term loudness over time (SVG), with the destination's target and band.
import type { DeliveredFigures } from './types.js';
import { escapeHtml } from './escape.js';
import { fixed } from './report-text.js';

const W = 640;
const H = 150;
const LEFT = 44;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 24;
const STEP_LU = 6;

/** What the drawing shows besides the curve: the target loudness and its tolerance, LUFS and LU. */
export interface ChartTarget {
  readonly loudness: number;
  readonly tolerance: number;
}

/** Ticks every `every` from the first multiple at or above `from` to `to`. */
function ticks(from: number, to: number, every: number): number[] {
  const out: number[] = [];
  for (let v = Math.ceil(from / every) * every; v <= to + 1e-9; v += every) out.push(Number(v.toFixed(6)));
  return out;
}

/**
 * An inline SVG of `shortTerm` (LUFS every `step` s) against the file's `seconds`, each value drawn where its
 * window ends (the last at the file's end), the target as a dashed line inside its tolerance band. Silence
 * (values that are not finite) breaks the line. `label` names it for screen readers.
 */
export function loudnessChart(shortTerm: DeliveredFigures['shortTerm'], seconds: number, target: ChartTarget, label: string): string {
  const values = shortTerm.values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null));
  const finite = values.filter((v): v is number => v !== null);
  const top = Math.ceil(Math.max(target.loudness + target.tolerance + 4, ...finite) / STEP_LU) * STEP_LU;
  const bottom = Math.floor(Math.min(target.loudness - 18, ...finite.map((v) => Math.max(v, target.loudness - 36))) / STEP_LU) * STEP_LU;
  const span = seconds > 0 ? seconds : shortTerm.step * Math.max(values.length, 1);
  const x = (t: number): number => LEFT + ((W - LEFT - RIGHT) * t) / span;
  const at = (i: number): number => span - (values.length - 1 - i) * shortTerm.step;
  const y = (lufs: number): number => TOP + ((H - TOP - BOTTOM) * (top - Math.max(bottom, Math.min(top, lufs)))) / (top - bottom);
  const n = (v: number): string => v.toFixed(1);

  const runs: string[] = [];
  let run: string[] = [];
  values.forEach((v, i) => {
    if (at(i) < 0) return;
    if (v === null) {
      if (run.length) runs.push(run.join(' '));
      run = [];
    } else run.push(`${n(x(at(i)))},${n(y(v))}`);
  });
  if (run.length) runs.push(run.join(' '));

  const timeEvery = span > 60 ? 10 : span > 10 ? 5 : 1;
  const parts = [
    `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(label)}" xmlns="http://www.w3.org/2000/svg">`,
    `<rect class="band" x="${LEFT}" y="${n(y(target.loudness + target.tolerance))}" width="${W - LEFT - RIGHT}" height="${n(y(target.loudness - target.tolerance) - y(target.loudness + target.tolerance))}"/>`,
    ...ticks(bottom, top, STEP_LU).map(
      (v) => `<line class="grid" x1="${LEFT}" x2="${W - RIGHT}" y1="${n(y(v))}" y2="${n(y(v))}"/><text class="tick" x="${LEFT - 4}" y="${n(y(v) + 3)}" text-anchor="end">${fixed(v, 0)}</text>`,
    ),
    ...ticks(0, span, timeEvery).map(
      (t) => `<text class="tick" x="${n(x(t))}" y="${H - 8}" text-anchor="${x(t) > W - RIGHT - 12 ? 'end' : 'middle'}">${fixed(t, 0)} s</text>`,
    ),
    `<line class="target" x1="${LEFT}" x2="${W - RIGHT}" y1="${n(y(target.loudness))}" y2="${n(y(target.loudness))}"/>`,
    ...runs.map((points) => `<polyline class="curve" points="${points}"/>`),
    `<text class="tick" x="${LEFT + 4}" y="${TOP + 10}">LUFS, short-term (3 s)</text>`,
    '</svg>',
  ];
  return parts.join('');
}
