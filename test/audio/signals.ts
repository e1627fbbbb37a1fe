// Test signals, generated to the descriptions of EBU Tech 3341 / 3342 and as stand-ins for real material.
// Plain functions on Float32Array: usable from the browser tests and the Node tests alike.

/** A deterministic PRNG (mulberry32), uniform in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const dbfs = (db: number): number => Math.pow(10, db / 20);

/**
 * `make`, made once per set of arguments in a page or a Node process: the stand-in signals are deterministic and
 * slow to make (music has 11 sines a sample), and a test file asks for the same ones again and again. Every call
 * gets copies of its own, so a test that writes into its signal changes no other's.
 */
function madeOnce<A extends readonly (number | undefined)[], R extends Float32Array | readonly Float32Array[]>(make: (...args: A) => R): (...args: A) => R {
  const made = new Map<string, R>();
  return (...args) => {
    const key = args.join(',');
    let signal = made.get(key);
    if (!signal) made.set(key, (signal = make(...args)));
    return (signal instanceof Float32Array ? signal.slice() : signal.map((channel) => channel.slice())) as R;
  };
}

/** A phase-continuous sine through consecutive segments of [seconds, dBFS peak level]. */
export function sineSegments(frequency: number, segments: ReadonlyArray<readonly [number, number]>, sampleRate = 48000): Float32Array {
  const total = segments.reduce((sum, [seconds]) => sum + Math.round(seconds * sampleRate), 0);
  const out = new Float32Array(total);
  let at = 0;
  for (const [seconds, level] of segments) {
    const n = Math.round(seconds * sampleRate);
    const a = dbfs(level);
    for (let i = 0; i < n; i++, at++) out[at] = a * Math.sin((2 * Math.PI * frequency * at) / sampleRate);
  }
  return out;
}

/** A sine of amplitude `amplitude`, starting phase in degrees, with `rampSeconds` raised-cosine fades at both ends. */
export function sine(frequency: number, amplitude: number, seconds: number, sampleRate = 48000, phaseDeg = 0, rampSeconds = 0): Float32Array {
  const n = Math.round(seconds * sampleRate);
  const ramp = Math.round(rampSeconds * sampleRate);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let g = 1;
    if (i < ramp) g = 0.5 - 0.5 * Math.cos((Math.PI * i) / ramp);
    else if (i >= n - ramp) g = 0.5 - 0.5 * Math.cos((Math.PI * (n - 1 - i)) / ramp);
    out[i] = amplitude * g * Math.sin((2 * Math.PI * frequency * i) / sampleRate + (phaseDeg * Math.PI) / 180);
  }
  return out;
}

/** Stand-in music: chords with harmonics, a kick, noise snare and hats, and dynamics (quiet verse, loud chorus). */
export const music = madeOnce((seconds: number, sampleRate = 48000, seed = 7): [Float32Array, Float32Array] => {
  const n = Math.round(seconds * sampleRate);
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  const random = prng(seed);
  const beat = 0.5;
  const chords = [
    [220, 277.18, 329.63],
    [196, 246.94, 293.66],
    [174.61, 220, 261.63],
    [164.81, 207.65, 246.94],
  ];
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    const bar = Math.floor(t / (beat * 4));
    const chord = chords[bar % chords.length]!;
    const inBeat = (t % beat) / beat;
    const section = Math.floor(t / 8) % 2 === 0 ? 0.35 : 1; // verse / chorus
    const swell = 0.8 + 0.2 * Math.sin(2 * Math.PI * t * 0.1);
    let pad = 0;
    for (const f of chord) pad += Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t) + 0.1 * Math.sin(6 * Math.PI * f * t);
    pad *= 0.06 * section * swell;
    const kickEnv = Math.exp(-inBeat * 12);
    const kick = 0.5 * kickEnv * Math.sin(2 * Math.PI * (50 + 80 * kickEnv) * (t % beat)) * section;
    const beatIndex = Math.floor(t / beat);
    const snare = beatIndex % 2 === 1 ? 0.25 * Math.exp(-inBeat * 18) * (random() * 2 - 1) * section : 0;
    const hat = 0.05 * Math.exp(-((t % (beat / 2)) / (beat / 2)) * 30) * (random() * 2 - 1);
    left[i] = pad + kick + snare * 0.8 + hat;
    right[i] = pad * 0.9 + kick + snare + hat * 0.6;
  }
  return [left, right];
});

/**
 * Stand-in speech where no synthesiser is installed: a glottal pulse train (110 to 140 Hz) through three
 * formant resonators, shaped into syllables of 120 to 300 ms with pauses.
 */
export const syntheticSpeech = madeOnce((seconds: number, sampleRate = 48000, seed = 3): Float32Array => {
  const n = Math.round(seconds * sampleRate);
  const out = new Float32Array(n);
  const random = prng(seed);
  const formants = [
    [700, 1200, 2600],
    [300, 2300, 3000],
    [500, 900, 2400],
    [400, 1700, 2500],
  ];
  let i = 0;
  let phase = 0;
  const state = [0, 0, 0, 0, 0, 0];
  while (i < n) {
    const syllable = Math.round((0.12 + 0.18 * random()) * sampleRate);
    const pause = random() < 0.25 ? Math.round((0.15 + 0.3 * random()) * sampleRate) : Math.round(0.03 * sampleRate);
    const f = formants[Math.floor(random() * formants.length)]!;
    const pitch = 110 + 30 * random();
    const level = 0.3 + 0.7 * random();
    // Each resonator's two coefficients, once a syllable: 2r·cos(w) and r².
    const r = 0.97;
    const a1 = f.map((freq) => 2 * r * Math.cos((2 * Math.PI * freq) / sampleRate));
    const a2 = r * r;
    for (let k = 0; k < syllable && i < n; k++, i++) {
      phase += pitch / sampleRate;
      const pulse = phase >= 1 ? 1 : 0;
      if (phase >= 1) phase -= 1;
      const source = pulse + 0.02 * (random() * 2 - 1);
      let y = 0;
      for (let j = 0; j < a1.length; j++) {
        const v = source + a1[j]! * state[j * 2]! - a2 * state[j * 2 + 1]!;
        state[j * 2 + 1] = state[j * 2]!;
        state[j * 2] = v;
        y += v / (j + 1);
      }
      const env = Math.sin((Math.PI * k) / syllable);
      out[i] = 0.02 * level * env * y;
    }
    i += pause;
  }
  return out;
});

/**
 * Dense, evenly loud "mastered" music: the stand-in music pushed 12 dB into a tanh saturator with a
 * low-passed noise body and white noise on top, peaking at `peak`: full band, a crest factor of a few
 * dB, every 100 ms nearly as loud as the next. The hard case for a true-peak search that skips blocks
 * which cannot beat the peak so far (here nearly every block comes close to it).
 */
export const denseMusic = madeOnce((seconds: number, sampleRate = 48000, seed = 9, peak = 0.98): [Float32Array, Float32Array] => {
  const [l, r] = music(seconds, sampleRate, seed);
  const random = prng(seed + 1);
  const out: [Float32Array, Float32Array] = [new Float32Array(l.length), new Float32Array(l.length)];
  let body = 0;
  for (let i = 0; i < l.length; i++) {
    const w = random() * 2 - 1;
    body = 0.97 * body + 0.03 * w;
    const hiss = 0.3 * (random() * 2 - 1);
    out[0][i] = peak * Math.tanh(1.5 * (4 * l[i]! + 6 * body + hiss));
    out[1][i] = peak * Math.tanh(1.5 * (4 * r[i]! + 6 * body - hiss));
  }
  return out;
});
