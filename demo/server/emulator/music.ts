// Generated music beds: a few styles, 44.1 kHz stereo, loopable (every note starts and ends inside the loop).
// Made once per track on first use and cached; nothing is fetched.
import type { MusicDetails } from '../../../src/api/contract.js';
import type { PcmAudio } from './wav.js';

export const MUSIC_SAMPLE_RATE = 44_100;

/** How one style sounds. Chords are MIDI note numbers, one chord per bar. */
interface StyleRecipe {
  chords: number[][];
  /** Waveform of the chord voice: sine pads or a brighter plucked triangle. */
  voice: 'pad' | 'pluck';
  /** Notes of the chord per beat for `pluck` (an arpeggio); ignored for pads. */
  arpeggio?: boolean;
  drums: boolean;
  bass: boolean;
}

/** One library track: its details and how to make it. */
export interface TrackDefinition {
  details: MusicDetails;
  /** Length of the loop in bars of four beats. */
  bars: number;
  recipe: StyleRecipe;
}

interface TrackFacts {
  track_id: string;
  title: string;
  style: string;
  mood: string;
  tempo_bpm: number;
  bars: number;
}

const track = ({ bars, ...details }: TrackFacts, recipe: StyleRecipe): TrackDefinition => ({
  details: { ...details, duration_s: round((bars * 4 * 60) / details.tempo_bpm), loopable: true },
  bars,
  recipe,
});

/** The music library, in a stable order. */
export const TRACKS: TrackDefinition[] = [
  track({ track_id: 'upbeat-sunrise', title: 'Sunrise Drive', style: 'upbeat', mood: 'energetic', tempo_bpm: 120, bars: 8 }, {
    chords: [[60, 64, 67], [67, 71, 74], [69, 72, 76], [65, 69, 72]], voice: 'pluck', arpeggio: true, drums: true, bass: true,
  }),
  track({ track_id: 'calm-harbour', title: 'Calm Harbour', style: 'calm', mood: 'relaxed', tempo_bpm: 72, bars: 4 }, {
    chords: [[57, 60, 64], [53, 57, 60], [48, 52, 55], [55, 59, 62]], voice: 'pad', drums: false, bass: false,
  }),
  track({ track_id: 'corporate-forward', title: 'Forward Together', style: 'corporate', mood: 'confident', tempo_bpm: 100, bars: 8 }, {
    chords: [[62, 66, 69], [59, 62, 66], [55, 59, 62], [57, 61, 64]], voice: 'pluck', arpeggio: false, drums: true, bass: true,
  }),
  track({ track_id: 'cinematic-horizon', title: 'Horizon', style: 'cinematic', mood: 'epic', tempo_bpm: 64, bars: 4 }, {
    chords: [[50, 57, 62, 65], [46, 53, 58, 62], [48, 55, 60, 64], [45, 52, 57, 61]], voice: 'pad', drums: false, bass: true,
  }),
];

export function findTrack(trackId: string): TrackDefinition | undefined {
  return TRACKS.find((entry) => entry.details.track_id === trackId);
}

const cache = new Map<string, PcmAudio>();

/** The full loop of a track (cached). */
export function renderTrack(definition: TrackDefinition): PcmAudio {
  const cached = cache.get(definition.details.track_id);
  if (cached) return cached;
  const audio = render(definition);
  cache.set(definition.details.track_id, audio);
  return audio;
}

/** The first `seconds` of a track, faded out, as a preview. */
export function renderPreview(definition: TrackDefinition, seconds = 6): PcmAudio {
  const full = renderTrack(definition);
  const frames = Math.min(full.channels[0]!.length, Math.round(seconds * full.sampleRate));
  const fade = Math.round(0.5 * full.sampleRate);
  return {
    sampleRate: full.sampleRate,
    channels: full.channels.map((channel) => {
      const out = channel.slice(0, frames);
      for (let i = 0; i < fade; i++) out[frames - 1 - i]! *= i / fade;
      return out;
    }),
  };
}

function render({ details, bars, recipe }: TrackDefinition): PcmAudio {
  const rate = MUSIC_SAMPLE_RATE;
  const beat = 60 / details.tempo_bpm!;
  const bar = beat * 4;
  const frames = Math.round(bars * bar * rate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  // Adds one note: `wave` at `midi`, from `start` for `length` seconds, with a short attack and a release to 0.
  const note = (midi: number, start: number, length: number, gain: number, pan: number, kind: 'pad' | 'pluck' | 'bass') => {
    const frequency = 440 * 2 ** ((midi - 69) / 12);
    const first = Math.round(start * rate);
    const count = Math.min(Math.round(length * rate), frames - first);
    const attack = kind === 'pad' ? 0.25 * length : 0.005;
    for (let i = 0; i < count; i++) {
      const t = i / rate;
      const envelope = kind === 'pad'
        ? Math.min(1, t / attack) * Math.min(1, (length - t) / (0.3 * length))
        : Math.min(1, t / attack) * Math.exp(-t * (kind === 'bass' ? 4 : 7)) * Math.min(1, (length - t) / 0.01);
      const phase = 2 * Math.PI * frequency * t;
      const wave = kind === 'pluck'
        ? (2 / Math.PI) * Math.asin(Math.sin(phase))
        : Math.sin(phase) + (kind === 'pad' ? 0.3 * Math.sin(phase * 1.003 + 1) : 0.2 * Math.sin(2 * phase));
      const sample = wave * envelope * gain;
      left[first + i]! += sample * (1 - pan);
      right[first + i]! += sample * (1 + pan);
    }
  };
  const noise = seeded(details.track_id);
  for (let b = 0; b < bars; b++) {
    const chord = recipe.chords[b % recipe.chords.length]!;
    const barStart = b * bar;
    if (recipe.voice === 'pad') {
      chord.forEach((midi, i) => note(midi, barStart, bar, 0.12, (i - 1) * 0.3, 'pad'));
    } else {
      for (let beatIndex = 0; beatIndex < 4; beatIndex++) {
        const at = barStart + beatIndex * beat;
        if (recipe.arpeggio) note(chord[beatIndex % chord.length]! + 12, at, beat, 0.16, beatIndex % 2 ? 0.4 : -0.4, 'pluck');
        else chord.forEach((midi, i) => note(midi, at, beat, 0.09, (i - 1) * 0.3, 'pluck'));
      }
    }
    if (recipe.bass) for (let half = 0; half < 2; half++) note(chord[0]! - 24, barStart + half * 2 * beat, 2 * beat, 0.22, 0, 'bass');
    if (recipe.drums) {
      for (let beatIndex = 0; beatIndex < 4; beatIndex++) {
        const at = Math.round((barStart + beatIndex * beat) * rate);
        drum(left, right, at, rate, beat, noise);
      }
    }
  }
  return { sampleRate: rate, channels: [left, right] };
}

/** A kick on the beat and a hi-hat on the off-beat. */
function drum(left: Float32Array, right: Float32Array, at: number, rate: number, beat: number, noise: () => number): void {
  const kick = Math.round(0.18 * rate);
  for (let i = 0; i < kick && at + i < left.length; i++) {
    const t = i / rate;
    const sample = Math.sin(2 * Math.PI * (50 + 90 * Math.exp(-t * 30)) * t) * Math.exp(-t * 18) * 0.35;
    left[at + i]! += sample;
    right[at + i]! += sample;
  }
  const hat = at + Math.round((beat / 2) * rate);
  const hatLength = Math.round(0.04 * rate);
  for (let i = 0; i < hatLength && hat + i < left.length; i++) {
    const sample = (noise() * 2 - 1) * Math.exp((-i / rate) * 90) * 0.06;
    left[hat + i]! += sample * 0.8;
    right[hat + i]! += sample * 1.2;
  }
}

/** A small deterministic random source (mulberry32), so a track is the same on every start. */
export function seeded(text: string): () => number {
  let state = hash(text);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of `text`. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
