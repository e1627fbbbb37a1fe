import { loudnessSeries, measureLoudness } from './dsp/loudness.js';
import { renderMix, type RenderHooks } from './dsp/mixdown.js';
import type { MixSpec } from './dsp/mix-spec.js';
import type { RenderedMix } from './render-protocol.js';

/**
 * Renders `spec` on this thread: the mix, its mastering, and with `measure` the loudness of an unmastered
 * result. The render worker runs it, and so does the main-thread fallback (loaded only when needed).
 */
export function renderLocal(spec: MixSpec, hooks: RenderHooks, measure: boolean): RenderedMix {
  const mix = renderMix(spec, hooks);
  if (!measure) return mix;
  // With the figures, the loudness over time of what plays, for the Master panel's graph.
  const series = loudnessSeries(mix.channels, mix.sampleRate);
  return mix.mastering ? { ...mix, series } : { ...mix, measurement: measureLoudness(mix.channels, mix.sampleRate), series };
}
