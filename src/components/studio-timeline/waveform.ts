/**
 * Waveforms drawn by wavesurfer.js from precomputed peaks, made to work under a strict CSP with Trusted
 * Types: wavesurfer's shadow root is built without an inline `<style>` and without any string assigned to
 * `innerHTML` (see `wavesurfer-shell.ts`).
 */
import WaveSurfer from 'wavesurfer.js';
import { withSafeShell } from './wavesurfer-shell.js';

/** What a waveform looks like. */
export interface WaveformOptions {
  peaks: Float32Array;
  /** Seconds the peaks span. */
  duration: number;
  /** Pixels wide it is drawn (see `resizeWaveform`). */
  width: number;
  height: number;
  color: string;
  cspNonce?: string | undefined;
}

/**
 * Draws `peaks` into `container` (an element, never a selector), `width` pixels wide. The width is fixed, and
 * resizing the container does not redraw it: the caller redraws with `resizeWaveform` when it chooses. Not
 * interactive: the timeline handles the pointer. The drawing itself follows in microtasks (`whenDrawn`).
 * Returns the instance to destroy; `waveformElement` is its element in `container`.
 */
export function createWaveform(container: HTMLElement, options: WaveformOptions): WaveSurfer {
  // wavesurfer draws again 100 ms after its container's width changes, and it takes the first report of its
  // own size for such a change: each waveform would be drawn twice, every instance at once. A container with
  // no box of its own (`display: contents`) has no width to change; wavesurfer's element lays out in
  // `container` all the same.
  const box = container.appendChild(document.createElement('div'));
  box.style.display = 'contents';
  const ws = withSafeShell(() =>
    WaveSurfer.create({
      container: box,
      peaks: [options.peaks],
      duration: options.duration,
      width: options.width,
      height: options.height,
      waveColor: options.color,
      progressColor: options.color,
      cursorWidth: 0,
      interact: false,
      fillParent: true,
      minPxPerSec: 1,
      hideScrollbar: true,
      autoScroll: false,
      autoCenter: false,
      normalize: false,
      ...(options.cspNonce === undefined ? {} : { cspNonce: options.cspNonce }),
    }),
  );
  ws.once('destroy', () => box.remove());
  return ws;
}

/** The element `ws` draws in (the host of its shadow root), to place and scale. */
export function waveformElement(ws: WaveSurfer): HTMLElement {
  return (ws.getWrapper().getRootNode() as ShadowRoot).host as HTMLElement;
}

/**
 * Lets go of the memory of `ws`'s canvases at once. Else each dead canvas is disposed of by the garbage
 * collector, in its pause: after a long scroll, dozens at once, one long task.
 */
function releaseCanvases(ws: WaveSurfer): void {
  for (const canvas of waveformElement(ws).shadowRoot?.querySelectorAll('canvas') ?? []) {
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** Redraws `ws` `width` pixels wide (synchronously). */
export function resizeWaveform(ws: WaveSurfer, width: number): void {
  releaseCanvases(ws);
  ws.setOptions({ width });
}

/** Destroys `ws`, its canvases' memory let go at once. */
export function destroyWaveform(ws: WaveSurfer): void {
  releaseCanvases(ws);
  ws.destroy();
}

/**
 * Settles when `ws` has drawn, failed or was destroyed, or after `timeoutMs` whatever happened (so that a
 * caller waiting on it is never stuck).
 */
export function whenDrawn(ws: WaveSurfer, timeoutMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const off of offs) off();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const offs = [ws.once('redrawcomplete', done), ws.once('error', done), ws.once('destroy', done)];
  });
}

/** The part of `peaks` (spread over `duration`) between `from` and `to` seconds. */
export function slicePeaks(peaks: Float32Array, duration: number, from: number, to: number): Float32Array {
  if (duration <= 0 || peaks.length === 0) return new Float32Array(0);
  const perSecond = peaks.length / duration;
  // Keep min/max pairs together.
  const start = Math.max(0, Math.floor(from * perSecond) & ~1);
  const end = Math.min(peaks.length, Math.ceil(to * perSecond));
  return peaks.subarray(start, end);
}
