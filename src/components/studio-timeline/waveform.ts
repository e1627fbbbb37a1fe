/**
 * Waveforms drawn by wavesurfer.js from precomputed peaks, made to work under a strict CSP: wavesurfer
 * writes its layout rules in an inline `<style>` in its shadow root, which `style-src 'self'` blocks; the
 * same rules are adopted there as a constructable stylesheet, which CSP allows.
 */
import WaveSurfer from 'wavesurfer.js';

/** One stylesheet per distinct rule text, shared by every waveform. */
const sheets = new Map<string, CSSStyleSheet>();

/** Adopts the rules of wavesurfer's inline `<style>` into its shadow root (idempotent). */
export function adoptWaveSurferStyles(ws: WaveSurfer): void {
  const root = ws.getWrapper().getRootNode();
  if (!(root instanceof ShadowRoot)) return;
  const text = root.querySelector('style')?.textContent ?? '';
  if (text === '') return;
  let sheet = sheets.get(text);
  if (sheet === undefined) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    sheets.set(text, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** What a waveform looks like. */
export interface WaveformOptions {
  peaks: Float32Array;
  /** Seconds the peaks span. */
  duration: number;
  height: number;
  color: string;
  cspNonce?: string | undefined;
}

/**
 * Draws `peaks` into `container` (an element, never a selector), filling its width: resizing the
 * container redraws it. Not interactive: the timeline handles the pointer. Returns the instance to destroy.
 */
export function createWaveform(container: HTMLElement, options: WaveformOptions): WaveSurfer {
  const ws = WaveSurfer.create({
    container,
    peaks: [options.peaks],
    duration: options.duration,
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
  });
  adoptWaveSurferStyles(ws);
  return ws;
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
