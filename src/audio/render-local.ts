import { loudnessSeries, measureLoudness } from './dsp/loudness.js';
import { renderMixSteps, type RenderHooks } from './dsp/mixdown.js';
import type { MixSpec } from './dsp/mix-spec.js';
import { MAX_POOLED_SAMPLES, releaseScratch } from './dsp/scratch.js';
import type { Steps } from './dsp/steps.js';
import type { EncodedWav, RenderedMix, WavEncoding } from './render-protocol.js';
import { decodeWav, encodeWav } from './dsp/wav.js';

/**
 * Renders `spec` on this thread, in steps (see steps.ts): the mix, its mastering, and with `measure` the
 * loudness of an unmastered result. The render worker runs it, and so does the main-thread fallback (loaded
 * only when needed); both give other work a turn at each yield, and stop there when the render is cancelled.
 */
export function* renderLocal(spec: MixSpec, hooks: RenderHooks, measure: boolean, wav?: WavEncoding): Steps<RenderedMix> {
  try {
    return yield* renderSteps(spec, hooks, measure, wav);
  } finally {
    // The work buffers of a long render (10 minutes: about 45 MB under the pool's size limit) are not kept
    // between renders; those of an ad of a few minutes are (their page faults cost a tenth of a render).
    if (spec.length * spec.sampleRate > MAX_POOLED_SAMPLES) releaseScratch();
  }
}

function* renderSteps(spec: MixSpec, hooks: RenderHooks, measure: boolean, wav?: WavEncoding): Steps<RenderedMix> {
  const mix = yield* renderMixSteps(spec, hooks);
  // An export's WAV is written here too, and measured as written (decoded again): what the file holds.
  let encoded: EncodedWav | undefined;
  if (wav !== undefined) {
    yield;
    encoded = encodedWav(mix.channels, mix.sampleRate, wav);
  }
  const withFile = encoded === undefined ? mix : { ...mix, wav: encoded };
  if (!measure) return withFile;
  yield;
  // With the figures, the loudness over time of what plays, for the Master panel's graph.
  const series = loudnessSeries(mix.channels, mix.sampleRate);
  return mix.mastering ? { ...withFile, series } : { ...withFile, measurement: measureLoudness(mix.channels, mix.sampleRate), series };
}

function encodedWav(channels: Float32Array[], sampleRate: number, wav: WavEncoding): EncodedWav {
  const bytes = encodeWav(channels, sampleRate, wav);
  return { bytes, measurement: measureLoudness(decodeWav(bytes).channels, sampleRate) };
}
