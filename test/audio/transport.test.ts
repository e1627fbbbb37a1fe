import { expect, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import { playheadAt, Transport, type TransportState } from '../../src/audio/transport.js';
import { sine } from '../support/wav.js';

describe('playheadAt', () => {
  const cases: Array<[string, number, number, number, { start: number; end: number } | null, number]> = [
    ['runs from where it started', 2, 1.5, 10, null, 3.5],
    ['stops at the end', 9, 5, 10, null, 10],
    ['wraps inside a loop', 1, 4.5, 10, { start: 1, end: 3 }, 1.5],
    ['plays into the loop from before it', 0, 2, 10, { start: 1, end: 3 }, 2],
    ['ignores a loop it started after', 5, 1, 10, { start: 1, end: 3 }, 6],
    ['never goes back in time', 2, -1, 10, null, 2],
  ];
  for (const [name, from, elapsed, duration, loop, expected] of cases) {
    it(name, () => expect(playheadAt(from, elapsed, duration, loop)).to.be.closeTo(expected, 1e-9));
  }
});

describe('Transport', () => {
  const contexts: AudioContext[] = [];
  const make = () =>
    new Transport({
      createContext: () => {
        const context = new AudioContext();
        contexts.push(context);
        return context;
      },
    });

  it('seeks while paused and reports duration', () => {
    const transport = make();
    transport.setAudio([sine(1, 48_000)], 48_000);
    expect(transport.duration).to.equal(1);
    transport.seek(0.4);
    expect(transport.currentTime).to.equal(0.4);
    transport.seek(7);
    expect(transport.currentTime).to.equal(1);
    transport.dispose();
  });

  it('plays, pauses where it was, and stops at the end', async () => {
    const transport = make();
    const states: TransportState[] = [];
    transport.onStateChange((state) => states.push(state));
    transport.setAudio([sine(0.3, 48_000, 440, 0.01)], 48_000);
    transport.seek(0.1);
    await transport.play();
    expect(transport.playing).to.equal(true);
    transport.pause();
    const paused = transport.currentTime;
    expect(paused).to.be.within(0.1, 0.3);
    await transport.play();
    await new Promise<void>((resolve) => transport.onStateChange((state) => state === 'stopped' && resolve()));
    expect(states).to.deep.equal(['playing', 'paused', 'playing', 'stopped']);
    expect(transport.currentTime).to.equal(0.3);
    transport.dispose();
  });

  it('closes its AudioContext on dispose, and plays nothing after', async () => {
    const transport = make();
    transport.setAudio([sine(1, 48_000, 440, 0.01)], 48_000);
    await transport.play();
    const context = contexts.at(-1)!;
    transport.dispose();
    transport.dispose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(context.state).to.equal('closed');
    await transport.play();
    expect(transport.playing).to.equal(false);
  });

  it('keeps the playhead when new audio replaces the old while playing', async () => {
    const transport = make();
    transport.setAudio([sine(2, 48_000, 440, 0.01)], 48_000);
    transport.seek(1);
    await transport.play();
    transport.setAudio([sine(2, 48_000, 660, 0.01)], 48_000);
    expect(transport.playing).to.equal(true);
    expect(transport.currentTime).to.be.within(1, 2);
    transport.dispose();
  });

  it('copies the audio a slice at a time, giving the page a turn between slices', async () => {
    const scheduler = (globalThis as unknown as { scheduler: { yield: () => Promise<void> } }).scheduler;
    const turns = sinon.spy(scheduler, 'yield');
    try {
      const transport = make();
      // 60 s of stereo at 48 kHz: 2,880,000 frames, six slices of 524,288.
      const long = new Float32Array(2_880_000).fill(0.25);
      await transport.setAudio([long, long], 48_000);
      expect(turns.callCount).to.equal(5);
      expect(transport.duration).to.equal(60);
      transport.dispose();
    } finally {
      turns.restore();
    }
  });

  it('plays the newest audio when one is set while the copy of another is under way', async () => {
    const transport = make();
    const long = transport.setAudio([new Float32Array(48_000 * 40)], 48_000);
    const short = transport.setAudio([sine(0.3, 48_000, 440, 0.01)], 48_000);
    await Promise.all([long, short]);
    expect(transport.duration).to.be.closeTo(0.3, 1e-9);
    await transport.play();
    // The 40 s audio would play for 40 s: the 0.3 s one ends.
    await waitUntil(() => transport.state === 'stopped', 'the short audio ends', { timeout: 3000 });
    transport.dispose();
  });
});
