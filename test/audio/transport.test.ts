import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import { playheadAt, Transport, type TransportState } from '../../src/audio/transport.js';
import { sine } from '../support/wav.js';
import { skipIn } from '../support/engine.js';

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

  it('pauses a play that has not started yet (its audio still converting): it never starts, and a later play does', async () => {
    const transport = make();
    const states: TransportState[] = [];
    transport.onStateChange((state) => states.push(state));
    transport.setAudio([sine(1, 48_000, 440, 0.01)], 48_000);
    transport.seek(0.5);
    const pending = transport.play();
    transport.pause();
    await pending;
    expect(transport.playing, 'the pause came after the play was asked for').to.equal(false);
    expect(states).to.deep.equal([]);
    expect(transport.currentTime).to.equal(0.5);
    await transport.play();
    expect(transport.playing, 'a later play plays').to.equal(true);
    transport.dispose();
  });

  it('moves the clock while playing: the playhead passes 1 s, never goes back, and stands still when paused', async () => {
    const transport = make();
    transport.setAudio([sine(2, 48_000, 440, 0.01)], 48_000);
    await transport.play();
    const seen: number[] = [];
    await waitUntil(() => seen.push(transport.currentTime) > 0 && seen.at(-1)! >= 1, 'the playhead passes 1 s', { timeout: 5000, interval: 5 });
    transport.pause();
    expect(seen.every((time, i) => i === 0 || time >= seen[i - 1]!), 'never back').to.equal(true);
    expect(new Set(seen).size, 'moved in more than one step').to.be.above(2);
    const paused = transport.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transport.currentTime).to.equal(paused);
    transport.dispose();
  });

  it('closes its AudioContext on dispose, and plays nothing after', async () => {
    const transport = make();
    transport.setAudio([sine(1, 48_000, 440, 0.01)], 48_000);
    await transport.play();
    const context = contexts.at(-1)!;
    transport.dispose();
    transport.dispose();
    await waitUntil(() => context.state === 'closed', () => `the AudioContext closed (it is ${context.state})`);
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

  it('copies the audio a slice at a time, giving the page a turn between slices', async function () {
    skipIn(this, 'scheduler-yield');
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

/** Seeded white noise over ±1.2 (some of it clips), a different sequence per seed. */
function noise(frames: number, seed: number): Float32Array {
  const out = new Float32Array(frames);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < frames; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = ((state >>> 0) / 4294967296) * 2.4 - 1.2;
  }
  return out;
}

/** `channel` as the preview should play it: rounded to 16 bits, clamped to ±32767, over 32767. */
const quantised = (channel: Float32Array): Float32Array => channel.map((x) => Math.max(-32767, Math.min(32767, Math.round(x * 32767))) / 32767);

/** A processor that posts a copy of each block it hears (two channels, silence included) and the context time it ends at. */
const RECORDER = `registerProcessor('test-recorder', class extends AudioWorkletProcessor {
  process(inputs) {
    const input = inputs[0];
    const channels = [0, 1].map((c) => (input[c] ?? input[0])?.slice() ?? new Float32Array(128));
    this.port.postMessage({ channels, end: currentTime + channels[0].length / sampleRate });
    return true;
  }
});`;

/**
 * Records whatever the transport's output plays, from the first play on (the context is made up front).
 * `heardTo()` is the context time the recording has reached: its blocks come over a port, after the page may
 * have seen the clock pass them (in WebKitGTK by up to about 80 ms). `clockAt(frame)` is the context time of a frame
 * of the recording, counted from its first block's (the recorder starts when its node first runs, which a busy
 * machine delays); `last()` its latest block.
 */
async function recording(): Promise<{ transport: Transport; frames(): number; heardTo(): number; clockAt(frame: number): number; last(): Float32Array[] | undefined; channels(): [Float32Array, Float32Array]; context: AudioContext }> {
  const context = new AudioContext({ sampleRate: 48_000 });
  const url = URL.createObjectURL(new Blob([RECORDER], { type: 'text/javascript' }));
  await context.audioWorklet.addModule(url);
  URL.revokeObjectURL(url);
  const blocks: Float32Array[][] = [];
  let heardTo = 0;
  let heardFrom = NaN;
  const transport = new Transport({ createContext: () => context });
  transport.onOutput((output) => {
    const recorder = new AudioWorkletNode(context, 'test-recorder', { numberOfOutputs: 0, channelCount: 2, channelCountMode: 'explicit' });
    recorder.port.onmessage = (event: MessageEvent<{ channels: Float32Array[]; end: number }>) => {
      if (blocks.length === 0) heardFrom = event.data.end - event.data.channels[0]!.length / context.sampleRate;
      blocks.push(event.data.channels);
      heardTo = event.data.end;
    };
    output.connect(recorder);
  });
  const join = (c: number) => {
    const out = new Float32Array(blocks.length * 128);
    blocks.forEach((block, i) => out.set(block[c]!, i * 128));
    return out;
  };
  return {
    transport,
    context,
    frames: () => blocks.length * 128,
    last: () => blocks.at(-1),
    heardTo: () => heardTo,
    clockAt: (frame) => heardFrom + frame / context.sampleRate,
    channels: () => [join(0), join(1)],
  };
}

/** A run of the recording equal, sample for sample on both channels, to `source` from frame `from`. */
interface Run {
  source: number;
  at: number;
  from: number;
  length: number;
}

/** Sources (each a pair of expected channels) and, for each, where every three frames of its left channel are. */
interface Sources {
  channels: Array<[Float32Array, Float32Array]>;
  index: Array<Map<number, number>>;
}

const key = (channel: Float32Array, i: number) => ((Math.round(channel[i]! * 32767) + 32768) * 65536 + Math.round(channel[i + 1]! * 32767) + 32768) * 65536 + Math.round(channel[i + 2]! * 32767) + 32768;

function indexed(channels: Array<[Float32Array, Float32Array]>): Sources {
  const index = channels.map(([left]) => {
    const frames = new Map<number, number>();
    for (let i = 0; i + 2 < left.length; i++) frames.set(key(left, i), i);
    return frames;
  });
  return { channels, index };
}

/** Which source, from which frame, `recorded` equals from its frame `at` on, and for how long (the longest). */
function runAt(recorded: Float32Array[], at: number, sources: Sources): Run | undefined {
  const [left, right] = recorded as [Float32Array, Float32Array];
  let best: Run | undefined;
  sources.index.forEach((index, source) => {
    const from = index.get(key(left, at));
    if (from === undefined) return;
    const [l, r] = sources.channels[source]!;
    let length = 0;
    while (at + length < left.length && from + length < l.length && left[at + length] === l[from + length] && right[at + length] === r[from + length]) length++;
    if (best === undefined || length > best.length) best = { source, at, from, length };
  });
  return best;
}

/**
 * The exact runs of at least 64 frames in `recorded` of any of `sources`, in order: where each starts in the
 * recording, where it starts in its source, and how long it is.
 */
function exactRuns(recorded: [Float32Array, Float32Array], sources: Sources): Run[] {
  const runs: Run[] = [];
  for (let at = 0; at + 2 < recorded[0].length; ) {
    const best = runAt(recorded, at, sources);
    if (best !== undefined && best.length >= 64) runs.push(best);
    at += Math.max(1, best?.length ?? 0);
  }
  return runs;
}

describe('Transport streaming 16-bit audio', () => {
  const rate = 48_000;
  const stereo = (seconds: number, seed: number): [Float32Array, Float32Array] => [noise(seconds * rate, seed), noise(seconds * rate, seed + 100)];
  const expected = (channels: Float32Array[]): [Float32Array, Float32Array] => [quantised(channels[0]!), quantised(channels[1]!)];
  const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Holds the page's thread for `ms`, as a host page's long task would. */
  const hold = (ms: number) => {
    for (const until = performance.now() + ms; performance.now() < until; );
  };
  /** The transport's crossfade at a seek or a swap (`swapFade`'s default). */
  const fade = 0.015;

  it('plays the 16-bit samples exactly, across chunks and loop wraps', async function () {
    const { transport, frames, channels } = await recording();
    const audio = stereo(2, 1);
    await transport.setAudio(audio, rate);
    transport.setLoop({ start: 0.25, end: 0.75 });
    transport.seek(0.5);
    await transport.play();
    // 1.9 s: the first 1.5 s sent with the node, then the chunks asked for, and three wraps.
    await waitUntil(() => frames() > 1.9 * rate, 'two seconds recorded', { timeout: 8000 });
    transport.pause();
    const runs = exactRuns(channels(), indexed([expected(audio)]));
    expect(runs.length, JSON.stringify(runs)).to.be.at.least(4);
    const [first, ...loops] = runs;
    // A play is heard from its first frame, however late its node starts (the playhead waits for it).
    expect(first!.from, 'the first frame').to.equal(0.5 * rate);
    expect(first!.from + first!.length, 'to the loop end').to.equal(0.75 * rate);
    let at = first!.at + first!.length;
    for (const run of loops) {
      expect(run.at, 'no gap, no extra frame').to.equal(at);
      expect(run.from, 'from the loop start').to.equal(0.25 * rate);
      if (run !== loops.at(-1)) expect(run.length, 'the whole loop').to.equal(0.5 * rate);
      at += run.length;
    }
    // At least 1.2 s exact: the ring refilled several times on the way.
    expect(at - first!.at).to.be.above(1.2 * rate);
    transport.dispose();
  });

  it('seeks, pauses, resumes and swaps in new audio while playing', async function () {
    const { transport, channels, context, clockAt, last } = await recording();
    // 6 s each: the new audio is set about 2.1 s in, and must take over before either runs out (converting it took
    // WebKit more than the 0.9 s that 3 s left, in a whole run).
    const a = stereo(6, 7);
    const b = stereo(6, 11);
    // Timed by the audio clock the transport reports, not the wall clock: WebKitGTK's clock stands still for
    // about 0.35 s after playback starts, then moves in 40 to 80 ms steps (docs/browsers.md).
    const until = (time: number, what: string) => waitUntil(() => transport.currentTime >= time, what, { timeout: 5000, interval: 5 });
    const sources = indexed([expected(a), expected(b)]);
    /** Waits until `source` has been heard for 0.3 s from its frame `from` or later (by the latest recorded block). */
    const heard = async (source: number, from: number, what: string) => {
      let first: number | undefined;
      await waitUntil(
        () => {
          const block = last();
          const run = block && runAt(block, 0, sources);
          if (run?.source !== source || run.length < 128 || run.from < from) return false;
          first ??= run.from;
          return run.from >= first + 0.3 * rate;
        },
        what,
        { timeout: 5000, interval: 5 },
      );
    };
    await transport.setAudio(a, rate);
    await transport.play();
    await until(0.3, 'played 0.3 s');
    const clockAtSeek = context.currentTime;
    transport.seek(1.5);
    // The seek lands where asked, plus what the audio clock moved since: WebKitGTK's moves even within a task,
    // in steps of 40 ms and more on a busy machine.
    const landed = transport.currentTime;
    expect(landed, 'the seek lands where asked').to.be.within(1.5, 1.5 + (context.currentTime - clockAtSeek) + 1e-6);
    // The page busy just after the seek: the audio heard plays on until the new voice takes over.
    hold(200);
    await heard(0, 1.5 * rate, 'heard 0.3 s after the seek');
    await until(1.8, 'played 0.3 s after the seek');
    const playing = transport.currentTime;
    const clockAtPause = context.currentTime;
    transport.pause();
    const paused = transport.currentTime;
    // Paused where the playhead was: at most what the audio clock moved between the two reads past it (Chromium's
    // clock moves a few ms within a task; WebKitGTK's in steps of 40 to 80 ms, longer when the machine is busy).
    expect(paused, 'paused where it played').to.be.within(playing, playing + (context.currentTime - clockAtPause) + 1e-6);
    expect(paused, 'past the 1.8 s waited for').to.be.at.least(1.8);
    await after(100);
    expect(transport.currentTime, 'paused, the playhead stays').to.equal(paused);
    await transport.play();
    await until(paused + 0.3, 'played 0.3 s after the resume');
    const swappedAt = transport.currentTime;
    await transport.setAudio(b, rate);
    hold(200);
    await heard(1, 0, 'heard 0.3 s of the new audio');
    transport.pause();
    const runs = exactRuns(channels(), sources);
    const summary = JSON.stringify(runs.map(({ source, at, from, length }) => ({ source, at: at / rate, from: from / rate, length: length / rate })));
    expect(runs.map((run) => run.source), summary).to.deep.equal([0, 0, 0, 1]);
    const [begun, sought, resumed, swapped] = runs as [Run, Run, Run, Run];
    // From the start, however late the node starts.
    expect(begun.from, summary).to.equal(0);
    // Nothing drops out at the seek or the swap, the page busy or not: the voice heard plays until the new one,
    // started, takes over; between the two exact runs only the crossfade (give or take an audio block of 128 frames).
    const gap = (before: Run, next: Run) => (next.at - before.at - before.length) / rate;
    expect(gap(begun, sought), `after the seek: ${summary}`).to.be.within(0, fade + 256 / rate);
    expect(gap(resumed, swapped), `at the swap: ${summary}`).to.be.within(0, fade + 256 / rate);
    // After a seek, in step with the playhead from where the seek landed: the new voice takes over (the page held
    // for 0.2 s, the old one heard meanwhile) where the playhead has moved on to, no further than the audio clock
    // moved from the seek to that frame, give or take the clock's steps (40 to 80 ms in WebKitGTK); well clear of
    // where the playhead was before the seek (0.3 s).
    expect(sought.from / rate, summary).to.be.within(1.5, landed + Math.max(0, clockAt(sought.at) - clockAtSeek) + 0.1);
    // Resumed where it paused, from its first frame; the new audio takes over in step with the old one (each
    // recorded frame is the same time of the ad in both). Both give or take a frame (WebKit's resumed once 1 past).
    expect(resumed.from, summary).to.be.closeTo(Math.round(paused * rate), 1);
    expect(swapped.from / rate, summary).to.be.at.least(swappedAt);
    expect(swapped.from - swapped.at, `in step: ${summary}`).to.be.closeTo(resumed.from - resumed.at, 1);
    transport.dispose();
  });

  it('plays audio at another rate than the context’s from an AudioBuffer, resampled, without a warning', async function () {
    const warn = sinon.stub(console, 'warn');
    try {
      const { transport, channels, context, heardTo } = await recording(); // a 48 kHz context
      const tone = Float32Array.from({ length: 0.5 * 44_100 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / 44_100));
      await transport.setAudio([tone, tone], 44_100);
      expect(transport.duration).to.equal(0.5);
      await transport.play();
      await waitUntil(() => transport.state === 'stopped', 'the audio ends', { timeout: 5000 });
      const ended = context.currentTime;
      await waitUntil(() => heardTo() >= ended, 'the recording reaches the end', { timeout: 5000 });
      expect(warn.callCount).to.equal(0);
      // The tone's level, played at the context's rate: 0.5 s of a 0.354 RMS sine, give or take the edges.
      const [left] = channels();
      const first = left.findIndex((x) => Math.abs(x) > 1e-3);
      let last = left.length - 1;
      while (last > first && Math.abs(left[last]!) <= 1e-3) last--;
      const played = left.subarray(first, last + 1);
      const rms = Math.sqrt(played.reduce((sum, x) => sum + x * x, 0) / played.length);
      // 24,000 frames at 48 kHz: not the 22,050 of the source played unresampled.
      expect(played.length).to.be.within(0.49 * 48_000, 0.51 * 48_000);
      expect(rms).to.be.closeTo(0.5 / Math.SQRT2, 0.02);
      transport.dispose();
    } finally {
      warn.restore();
    }
  });

  it('plays from an AudioBuffer, with one warning, where the worklet cannot load', async function () {
    const addModule = AudioWorklet.prototype.addModule;
    const missing = sinon.stub(AudioWorklet.prototype, 'addModule').callsFake(function (this: AudioWorklet, url: string | URL, options?: WorkletOptions) {
      // The stream worklet's URL answers 404.
      return addModule.call(this, String(url).replace('stream-worklet.js', 'no-such-worklet.js'), options);
    });
    const warn = sinon.stub(console, 'warn');
    try {
      const { transport, channels, context, heardTo } = await recording();
      const audio = stereo(0.5, 3);
      await transport.setAudio(audio, rate);
      await transport.play();
      await waitUntil(() => transport.state === 'stopped', 'the audio ends', { timeout: 5000 });
      const ended = context.currentTime;
      await waitUntil(() => heardTo() >= ended, 'the recording reaches the end', { timeout: 5000 });
      transport.seek(0);
      await transport.play();
      transport.pause();
      expect(warn.callCount).to.equal(1);
      expect(String(warn.firstCall.args[0])).to.match(/streaming AudioWorklet could not start \(.+\)/);
      // The 16-bit samples, to the end.
      const runs = exactRuns(channels(), indexed([expected(audio)]));
      const summary = JSON.stringify(runs.map(({ at, from, length }) => ({ at, from, length })));
      const [run] = runs;
      expect(run!.from, summary).to.be.below(0.05 * rate);
      expect(run!.from + run!.length, summary).to.equal(0.5 * rate);
      transport.dispose();
    } finally {
      missing.restore();
      warn.restore();
    }
  });
});
