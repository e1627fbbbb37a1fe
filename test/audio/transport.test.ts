import { expect } from '@open-wc/testing';
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
});
