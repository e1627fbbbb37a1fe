// The live meter (issue 16) reads the real playback: 5 s of known signals played through the editor's
// transport (AudioWorklet tap on its output) against the offline meter of the same render.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import type { MeterReading } from '../../src/audio/live-meter.js';
import type { MixPreviewSource } from '../../src/audio/preview-state.js';
import { create, type StudioHandle } from '../../src/create.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';
import { sine } from './signals.js';
import { wavUrl } from '../support/audio-urls.js';
import { afterReady } from '../support/after-ready.js';

/** Seeded uniform white noise at about -20 dBFS RMS: loud the same way all the way through. */
function noise(seconds: number, seed: number): Float32Array {
  const out = new Float32Array(seconds * 48000);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < out.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = (((state >>> 0) / 4294967296) * 2 - 1) * 0.17;
  }
  return out;
}


describe('live meter against the offline meter', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  // [name, signal, how far under the offline true peak the live one may read, dB]. The live meter reads
  // BS.1770's 4x points; the offline measure refines them (true-peak-refine.ts), which on full-band white
  // noise finds inter-sample peaks the 4x points read over a dB low.
  const signals: Array<[string, () => Float32Array[], number]> = [
    ['a 1 kHz sine at -20 dBFS', () => [sine(1000, 0.1, 10), sine(1000, 0.1, 10)], 0.5],
    ['stereo white noise', () => [noise(10, 1), noise(10, 2)], 2],
  ];
  for (const [name, make, under] of signals) {
    it(`agrees on ${name} within 0.5 LU (short-term, momentary), true peak at most 0.5 dB over and ${under} dB under, after 5 s of playback`, async function () {
      mountPoint('editor-meter');
      handle = await create({ target: '#editor-meter', auth: testAuth(), project: { autosave: false } });
      const url = wavUrl(make());
      const project = handle.getProject();
      await handle.loadProject({
        ...project,
        duration: 10,
        music: { track: null, assetId: null, url, gain: 0, offset: 0, loop: false, fadeIn: 0, fadeOut: 0 },
        mix: { ...project.mix, musicLevel: 0 },
        mastering: { ...project.mastering, enabled: false },
      });
      const preview = (await afterReady(handle.element)) as MixPreviewSource & { play(): Promise<void>; pause(): void };
      await waitUntil(() => preview.getState().status === 'ready' && preview.getState().measurement !== null, 'the render measured', { timeout: 15000 });
      const offline = preview.getState().measurement!;
      const readings: MeterReading[] = [];
      const engine = handle.element.shadowRoot!.querySelector('studio-editor-toolbar') as unknown as { meter: { subscribe(listener: (reading: MeterReading) => void): () => void } | undefined };
      await preview.play();
      await waitUntil(() => engine.meter !== undefined, 'the meter on the toolbar');
      const off = engine.meter!.subscribe((reading) => readings.push(reading));
      // Five seconds of playback: 50 readings, the last ones past the 3 s short-term window.
      await waitUntil(() => readings.length >= 50, 'five seconds of readings', { timeout: 15000 });
      off();
      preview.pause();
      const last = readings.at(-1)!;
      expect(Math.abs(last.shortTerm - offline.integrated), `short-term ${last.shortTerm} vs offline ${offline.integrated}`).to.be.below(0.5);
      expect(Math.abs(last.momentary - offline.integrated), `momentary ${last.momentary} vs offline ${offline.integrated}`).to.be.below(0.5);
      const livePeak = Math.max(...readings.slice(5).flatMap((reading) => reading.truePeak));
      // The signals are steady: a momentary reading far under the others means sound went missing in playback
      // (seen in WebKitGTK on a busy machine), whose cut edges the 4x points read as peaks. Said with a failure.
      const momentary = readings.slice(5).map((reading) => reading.momentary);
      const played = `momentary ${Math.min(...momentary).toFixed(2)} to ${Math.max(...momentary).toFixed(2)} LUFS over the readings compared`;
      expect(livePeak - offline.truePeak, `true peak ${livePeak} vs offline ${offline.truePeak}; ${played}`).to.be.within(-under, 0.5);
      // The toolbar shows it.
      const meter = handle.element.shadowRoot!.querySelector('studio-editor-toolbar')!.shadowRoot!.querySelector('studio-editor-level-meter')!;
      expect(meter.shadowRoot!.querySelector('[role="meter"]')!.getAttribute('aria-valuetext')).to.match(/^Momentary -?\d+\.\d LUFS, short-term -?\d+\.\d LUFS, true peak -?\d+\.\d dBTP$|^Meter: nothing plays$|^Last mix: -?\d+\.\d LUFS integrated, -?\d+\.\d dBTP true peak$/);
      URL.revokeObjectURL(url);
    });
  }
});
