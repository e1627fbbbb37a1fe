// Rendering in steps: the same samples as at once, and a cancel that stops the work at its next step.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderMix, type MixSpec } from '../../../src/audio/index.js';
import { renderMixSteps } from '../../../src/audio/dsp/mixdown.js';
import { finish, runSteps, type Steps } from '../../../src/audio/dsp/steps.js';
import { messageTurn } from '../../../src/internal/turn.js';
import { music, syntheticSpeech } from '../../audio/signals.js';

const sr = 48_000;
const spec: MixSpec = {
  length: 12,
  sampleRate: sr,
  channelCount: 2,
  voice: [{ source: { channels: [syntheticSpeech(6, sr)], sampleRate: sr }, start: 2, fadeIn: 0.01, fadeOut: 0.05 }],
  music: { source: { channels: music(8, sr), sampleRate: sr }, gainDb: -6, loop: true },
  ducking: { depthDb: 10, attackMs: 200, releaseMs: 400 },
  mastering: { preset: 'ebu-r128' },
};

describe('render steps', () => {
  it('renders, stepped with turns between, the very samples of renderMix, and yields between the passes', async () => {
    const atOnce = renderMix(spec);
    let turns = 0;
    const stepped = await runSteps(renderMixSteps(spec), async () => {
      turns++;
      await messageTurn();
    });
    assert.ok(turns >= 5, `${turns} turns`); // after the mix, the K-weighting, the envelope, the steering, each full pass...
    for (let c = 0; c < 2; c++) assert.deepEqual(stepped.channels[c], atOnce.channels[c]);
    assert.equal(stepped.mastering?.gainDb, atOnce.mastering?.gainDb);
  });

  it('stops at the next step when aborted, running the steps’ finally blocks, and rejects with the reason', async () => {
    const done: string[] = [];
    function* work(): Steps<string> {
      try {
        done.push('one');
        yield;
        done.push('two');
        yield;
        done.push('three');
        return 'end';
      } finally {
        done.push('finally');
      }
    }
    const controller = new AbortController();
    const reason = new Error('edited');
    const run = runSteps(work(), async () => controller.abort(reason), controller.signal);
    await assert.rejects(run, (error) => error === reason);
    assert.deepEqual(done, ['one', 'finally']);
    assert.equal(finish(work()), 'end');
  });
});
