/** The delivery presets of `config.mastering.preset`, in the order the UI lists them. */
export const DELIVERY_PRESET_IDS = ['streaming', 'podcast', 'aes-ads', 'ebu-r128', 'atsc-a85', 'custom'] as const;

/** A delivery preset's id; `custom` uses `config.mastering.target` and `truePeak`. */
export type DeliveryPresetId = (typeof DELIVERY_PRESET_IDS)[number];

/** One delivery target: what the master must measure, and where the numbers come from. */
export interface DeliveryPreset {
  readonly id: DeliveryPresetId;
  readonly label: string;
  /** Integrated loudness target, LUFS. */
  readonly integrated: number;
  /** Allowed deviation of the integrated loudness from the target, LU (either way). */
  readonly tolerance: number;
  /** Highest allowed true peak, dBTP. */
  readonly truePeak: number;
  /** Highest allowed short-term loudness, LUFS, where the source sets one. */
  readonly maxShortTerm?: number;
  /** Where the numbers come from; "common practice" where no single document sets them. */
  readonly source: string;
}

/** The delivery presets, by id. `custom` holds the defaults of `config.mastering.target` / `truePeak`. */
export const DELIVERY_PRESETS: Readonly<Record<DeliveryPresetId, DeliveryPreset>> = Object.freeze({
  streaming: {
    id: 'streaming',
    label: 'Streaming (-14 LUFS)',
    integrated: -14,
    tolerance: 1,
    truePeak: -1,
    source: 'Common platform practice: Spotify and YouTube normalise playback to about -14 LUFS; Spotify asks for -1 dBTP.',
  },
  podcast: {
    id: 'podcast',
    label: 'Podcast (-16 LUFS)',
    integrated: -16,
    tolerance: 1,
    truePeak: -1,
    source: 'Apple Podcasts delivery guidance (-16 LUFS ±1 dB, peaks not above -1 dBFS); AES TD1004 recommends -16 to -20 LUFS for streamed and downloaded audio.',
  },
  'aes-ads': {
    id: 'aes-ads',
    label: 'AES streaming (-18 LUFS)',
    integrated: -18,
    tolerance: 1,
    truePeak: -1,
    source: 'AES TD1008 (2021) recommendations for internet audio streaming and on-demand distribution, as commonly summarised (-18 LUFS for speech-led content, -1 dBTP); common practice for streamed audio ads.',
  },
  'ebu-r128': {
    id: 'ebu-r128',
    label: 'Broadcast EBU R 128 (-23 LUFS)',
    integrated: -23,
    tolerance: 0.5,
    truePeak: -1,
    maxShortTerm: -18,
    source: 'EBU R 128 (-23.0 LUFS ±0.5 LU, -1 dBTP) with R 128 s1 for short-form content such as commercials (short-term loudness at most -18 LUFS).',
  },
  'atsc-a85': {
    id: 'atsc-a85',
    label: 'Broadcast ATSC A/85 (-24 LKFS)',
    integrated: -24,
    tolerance: 2,
    truePeak: -2,
    source: 'ATSC A/85:2013 (-24 LKFS ±2 dB, -2 dBTP), as referenced by the US CALM Act.',
  },
  custom: {
    id: 'custom',
    label: 'Custom',
    integrated: -16,
    tolerance: 0.5,
    truePeak: -1,
    source: 'Set by the integrator (config.mastering.target and truePeak).',
  },
});

/** Loudness numbers of a preset (from the table above, with its sources); `custom` keeps the given ones. */
export function presetNumbers(preset: DeliveryPresetId, custom: { target: number; truePeak: number }): { target: number; truePeak: number } {
  if (preset === 'custom') return { target: custom.target, truePeak: custom.truePeak };
  const { integrated, truePeak } = DELIVERY_PRESETS[preset];
  return { target: integrated, truePeak };
}
