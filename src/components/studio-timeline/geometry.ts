/** Pure geometry of the timeline: ruler ticks, snapping, and the ducking envelope as an SVG path. */

/** Tick spacings the ruler may use, seconds. */
const STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600];

export interface RulerTicks {
  /** Seconds between labelled ticks. */
  major: number;
  /** Seconds between small ticks. */
  minor: number;
  /** Times of the labelled ticks from `from` to `to`. */
  labels: number[];
}

/** Ticks for `pxPerSecond`: labels at least `minLabelPx` apart, five or two small ticks between them. */
export function rulerTicks(pxPerSecond: number, from: number, to: number, minLabelPx = 72): RulerTicks {
  const major = STEPS.find((step) => step * pxPerSecond >= minLabelPx) ?? STEPS[STEPS.length - 1]!;
  const minor = major / ([0.02, 0.2, 2, 20, 120].includes(major) ? 2 : 5);
  const labels: number[] = [];
  const first = Math.ceil(from / major - 1e-9) * major;
  for (let time = first; time <= to + 1e-9; time += major) labels.push(Number(time.toFixed(6)));
  return { major, minor, labels };
}

/** The grid step used for snapping at a zoom: about 12 pixels, on the ruler's minor spacing. */
export function gridStep(pxPerSecond: number): number {
  return rulerTicks(pxPerSecond, 0, 0).minor;
}

/**
 * Snaps `time` to the closest candidate (clip edges, the target duration, grid lines) when it is within
 * `thresholdSeconds`; otherwise returns it unchanged. Returns the snapped time and what it snapped to.
 */
export function snapTime(
  time: number,
  candidates: readonly number[],
  grid: number | undefined,
  thresholdSeconds: number,
): { time: number; snapped: number | undefined } {
  let best: number | undefined;
  let bestDistance = thresholdSeconds;
  for (const candidate of candidates) {
    const distance = Math.abs(candidate - time);
    if (distance <= bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best === undefined && grid !== undefined && grid > 0) {
    const line = Math.round(time / grid) * grid;
    if (Math.abs(line - time) <= thresholdSeconds) best = Number(line.toFixed(6));
  }
  return { time: best ?? time, snapped: best };
}

/**
 * Snaps a clip being moved: whichever of its start or end is closer to a candidate wins, so a clip can
 * be butted against another's end or ended on the target duration.
 */
export function snapClipStart(start: number, length: number, candidates: readonly number[], grid: number | undefined, thresholdSeconds: number): number {
  const byStart = snapTime(start, candidates, undefined, thresholdSeconds);
  const byEnd = snapTime(start + length, candidates, undefined, thresholdSeconds);
  const startDistance = byStart.snapped === undefined ? Infinity : Math.abs(byStart.time - start);
  const endDistance = byEnd.snapped === undefined ? Infinity : Math.abs(byEnd.time - (start + length));
  if (startDistance === Infinity && endDistance === Infinity) return Math.max(0, snapTime(start, [], grid, thresholdSeconds).time);
  return Math.max(0, startDistance <= endDistance ? byStart.time : byEnd.time - length);
}

/**
 * The ducking envelope (gain in dB, `pointsPerSecond` values) as an SVG path over a track `height` pixels
 * high, where 0 dB is the top and `floorDb` the bottom. Runs of equal values become single segments.
 */
export function envelopePath(envelopeDb: ArrayLike<number>, pointsPerSecond: number, pxPerSecond: number, height: number, floorDb = -30): string {
  if (envelopeDb.length === 0) return '';
  const y = (db: number) => (Math.min(0, Math.max(floorDb, db)) / floorDb) * height;
  const x = (index: number) => (index / pointsPerSecond) * pxPerSecond;
  const parts = [`M0 ${y(envelopeDb[0]!).toFixed(1)}`];
  const last = envelopeDb.length - 1;
  for (let i = 1; i <= last; i++) {
    // A point inside a flat run adds nothing; the run's ends and the last point are kept.
    const inFlatRun = i < last && envelopeDb[i] === envelopeDb[i - 1] && envelopeDb[i + 1] === envelopeDb[i];
    if (!inFlatRun) parts.push(`L${x(i).toFixed(1)} ${y(envelopeDb[i]!).toFixed(1)}`);
  }
  return parts.join(' ');
}
