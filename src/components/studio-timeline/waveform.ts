/**
 * Waveforms drawn by wavesurfer.js from precomputed peaks, made to work under a strict CSP: wavesurfer
 * writes its layout rules as an inline `<style>` into the shadow root it creates, which `style-src 'self'`
 * blocks and reports. While a waveform is created, that `<style>` is left out of the markup and its rules
 * are adopted as a constructable stylesheet instead, which CSP allows: no violation, same layout.
 */
import WaveSurfer from 'wavesurfer.js';

/** One stylesheet per distinct rule text, shared by every waveform. */
const sheets = new Map<string, CSSStyleSheet>();

function sheetFor(text: string): CSSStyleSheet {
  let sheet = sheets.get(text);
  if (sheet === undefined) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    sheets.set(text, sheet);
  }
  return sheet;
}

const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/**
 * Runs `create` (synchronous) with every shadow root attached meanwhile taking its `innerHTML` without
 * `<style>` elements, their rules adopted as stylesheets. `attachShadow` is restored before returning.
 */
export function withoutInlineStyles<T>(create: () => T): T {
  const attach = Element.prototype.attachShadow;
  const inner = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'innerHTML');
  if (inner?.set === undefined || inner.get === undefined) return create();
  const { get, set } = inner;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
    const root = attach.call(this, init);
    Object.defineProperty(root, 'innerHTML', {
      configurable: true,
      get: () => get.call(root) as string,
      set: (html: string) => {
        const rules: string[] = [];
        set.call(
          root,
          String(html).replace(STYLE_ELEMENT, (_, css: string) => {
            rules.push(css);
            return '';
          }),
        );
        if (rules.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheetFor(rules.join('\n'))];
      },
    });
    return root;
  };
  try {
    return create();
  } finally {
    Element.prototype.attachShadow = attach;
  }
}

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
 * Draws `peaks` into `container` (an element, never a selector), `width` pixels wide. The width is fixed,
 * so resizing the container does not redraw it (wavesurfer would, 100 ms later, every instance at once):
 * the caller redraws with `resizeWaveform` when it chooses. Not interactive: the timeline handles the
 * pointer. The drawing itself follows in microtasks (`whenDrawn`). Returns the instance to destroy.
 */
export function createWaveform(container: HTMLElement, options: WaveformOptions): WaveSurfer {
  return withoutInlineStyles(() =>
    WaveSurfer.create({
      container,
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
}

/** Redraws `ws` `width` pixels wide (synchronously). */
export function resizeWaveform(ws: WaveSurfer, width: number): void {
  ws.setOptions({ width });
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
