// Deliver: every destination's file from one render. The mix is rendered once, un-mastered; each distinct
// master (see plan.ts) is made once from it; each destination's file is encoded from its master, decoded
// again, measured and checked against the destination's rules; an MP3 over its ceiling is mastered again
// on its own, lower (see writeFile). Stems (voice, music) on request.
import { StudioError } from '../../errors.js';
import type { ProjectDocument } from '../../model/document.js';
import { versionCampaign } from '../../model/versions.js';
import { deliveryFileName, destinationFileName } from '../../delivery/file-name.js';
import { checkDestination, passesAll } from '../../rules/file.js';
import type { CampaignFields, DeliveredFigures, DeliveryRuleResult, DestinationProfile } from '../../delivery/types.js';
import type { AudioSource, MixSpec } from '../dsp/mix-spec.js';
import { nextTurn } from '../../internal/turn.js';
import { runSteps } from '../dsp/steps.js';
import { concat, platformDecode } from '../export.js';
import { id3Tag } from '../id3.js';
import { projectMixSpec, type SourceLookup } from '../project-mix.js';
import type { RenderedMix } from '../render-protocol.js';
import { speechOverrun, speechTiming } from '../timing-rules.js';
import { engineDeliverDeps, type DeliveringEngine } from './deps.js';
import type { DeliverDecode, DeliverDeps, DeliverWork } from './types.js';
import { MAX_REMASTERS, planMasters, remasterCeiling, type MasterTarget } from './plan.js';
import { sha256Hex } from './sha256.js';
import { voiceAndMusic } from './stems.js';
import { WorkPool } from './work-pool.js';
import { deliveryId3 } from './tags.js';
import { padTail, tailPadSamples } from './tail-pad.js';

/** Works writing files at once by default: two MP3 encoders halve the delivery's longest part where there are cores. */
const DEFAULT_WORKERS = 2;

/** The rate a delivery renders the mix at, and the stems' rate. */
export const DELIVERY_RENDER_RATE = 48_000;

/** Where a file of a delivery is. `failed`: it could not be made (see `DeliveryResult.failures`). */
export type DeliverStage = 'render' | 'master' | 'encode' | 'measure' | 'pack' | 'done' | 'failed';

/**
 * One step of one file: `file` is the destination's index in `destinations`, or the stem. An MP3 whose
 * file is over its ceiling goes through `master`, `encode` and `measure` again (at most twice).
 */
export interface DeliverProgress {
  readonly file: number | 'voice' | 'music';
  readonly stage: DeliverStage;
}

export type { DeliverDecode, DeliverDeps, DeliverWork } from './types.js';

/** Where finished files go as they come (a `DeliveryZip`). */
export interface DeliverySink {
  add(name: string, data: Blob): void;
}

/** Options of `deliver`. */
export interface DeliverOptions {
  readonly destinations: readonly DestinationProfile[];
  /** The campaign fields every file carries. Default: the open version's (`versionCampaign(project)`). */
  readonly campaign?: CampaignFields | undefined;
  /** Also deliver the voice and the music alone (after gains and ducking, before mastering), WAV 48 kHz 24-bit. */
  readonly stems?: boolean | undefined;
  /** Aborting stops every render, encode and measure; the delivery rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((progress: DeliverProgress) => void) | undefined;
  /** The delivery's date, for the `{date}` of file names. Default: now. */
  readonly date?: Date | undefined;
  /**
   * A destination's file name, with its extension. Default: its template filled (`destinationFileName`,
   * src/delivery/file-name.ts), a name already given numbered (`_2`).
   */
  readonly fileName?: ((destination: DestinationProfile, index: number) => string) | undefined;
  /**
   * A stem's file name, with its extension. Default: `{advertiser}_{title}_{length}s_{adId}_voice` (and
   * `_music`) made portable (`deliveryFileName`), `.wav`.
   */
  readonly stemName?: ((stem: 'voice' | 'music') => string) | undefined;
  /** Each file that passes its rules (every file, with `includeFailed`) and each stem is added here once measured. */
  readonly sink?: DeliverySink | undefined;
  /** Add files that fail a rule to the sink too. Default false. */
  readonly includeFailed?: boolean | undefined;
  /**
   * Words a second of the project's takes, as the judge reads them (src/rules/read.ts `fileWordsPerSecond`, a feed
   * row's as voiced): a file fails a sheet's `maxWordsPerSecond` above them. Absent: not judged.
   */
  readonly wordsPerSecond?: number | undefined;
}

/** One destination's file, as written and measured. */
export interface DeliveredAudioFile {
  readonly fileName: string;
  readonly destination: DestinationProfile;
  readonly index: number;
  readonly bytes: Blob;
  readonly figures: DeliveredFigures;
  readonly rules: readonly DeliveryRuleResult[];
  readonly pass: boolean;
  /** Whether it went to the sink. */
  readonly packed: boolean;
}

/** A stem, as written and measured. */
export interface DeliveredStemFile {
  readonly fileName: string;
  readonly stem: 'voice' | 'music';
  readonly bytes: Blob;
  readonly figures: DeliveredFigures;
}

/**
 * A file of a delivery that could not be made (`code: 'deliver-file'`, recoverable): the others were delivered.
 * `fileName` names it, so that the editor says it in the user's language.
 */
export class StudioFileFailedError extends StudioError {
  static override get kind(): string {
    return 'StudioFileFailedError';
  }
  readonly fileName: string;

  constructor(fileName: string, why: string, cause: unknown) {
    super('deliver-file', `${fileName} could not be made (${why}); the other files were delivered.`, { recoverable: true, cause });
    this.fileName = fileName;
  }
}

/** A file that could not be made: its name, and why (the others are delivered). */
export interface DeliveryFailure {
  readonly fileName: string;
  readonly file: number | 'voice' | 'music';
  readonly error: StudioError;
}

/** What `deliver` resolves to. */
export interface DeliveryResult {
  readonly files: readonly DeliveredAudioFile[];
  readonly stems: readonly DeliveredStemFile[];
  readonly failures: readonly DeliveryFailure[];
  /** The ad's length, seconds, and the speech its end cuts off (what the rules were given). */
  readonly adSeconds: number;
  readonly speechCut: number;
}

const lookupOf = (sources: SourceLookup) => (url: string): AudioSource | undefined => (typeof sources === 'function' ? sources(url) : sources.get(url));

/** The spec of a master: the mix as the one source, converted to the target's rate and channels, then mastered. */
export function masterSpec(mix: AudioSource, seconds: number, target: MasterTarget): MixSpec {
  return {
    length: seconds,
    sampleRate: target.sampleRate,
    channelCount: target.channels,
    voice: [{ source: mix, start: 0 }],
    music: null,
    mastering: { preset: 'custom', target: target.loudness, truePeak: target.truePeak },
  };
}

const isAbort = (error: unknown, signal: AbortSignal | undefined): boolean => signal?.aborted === true || (error as { name?: unknown })?.name === 'AbortError';

/**
 * Delivers `project` to `destinations`, on an `AudioEngine` or on `DeliverDeps`: renders the mix once (un-mastered, at 48 kHz, in the render worker),
 * makes each distinct master once (the mix converted to the file's rate and channels, then mastered to its
 * loudness and ceiling; see plan.ts), and for each destination encodes its file in an MP3 worker, two at a time (WAV
 * 16/24-bit or CBR MP3, exactly the ad's length), tags it (deliveryId3, deliveryWavMetadata), decodes it
 * again and measures it (`DeliveredFigures`), and checks its rules. With `stems`, the voice alone and the
 * music alone, WAV 48 kHz 24-bit. Progress per file and stage goes to `onProgress`; each finished file
 * goes to `sink`. A file that cannot be made (its encoder failed) is listed in `failures`, named, and the
 * others are delivered. Aborting rejects with the signal's reason: nothing is returned, the workers stop.
 */
export async function deliver(on: DeliveringEngine | DeliverDeps, project: ProjectDocument, options: DeliverOptions): Promise<DeliveryResult> {
  const deps = 'renderer' in on ? engineDeliverDeps(on) : on;
  const { destinations, signal, onProgress, sink } = options;
  signal?.throwIfAborted();
  const campaign = options.campaign ?? versionCampaign(project);
  const facts = { title: project.title, seconds: project.duration, campaign, date: options.date ?? new Date() };
  /** Names given so far (a later duplicate is numbered). */
  const taken = new Set<string>();
  const named = (name: string): string => (taken.add(name), name);
  const stemName = (stem: 'voice' | 'music'): string =>
    named(
      options.stemName?.(stem) ??
        deliveryFileName(`{advertiser}_{title}_{length}s_{adId}_${stem}`, { advertiser: campaign.advertiser, title: project.title, length: project.duration, adId: campaign.adId }, 'wav', taken),
    );
  // Named in the destinations' order, then the stems.
  const fileNames = destinations.map((destination, index) => named(options.fileName?.(destination, index) ?? destinationFileName(destination, facts, taken)));
  const stemNames = options.stems ? { voice: stemName('voice'), music: stemName('music') } : undefined;
  const progress = (file: DeliverProgress['file'], stage: DeliverStage): void => onProgress?.({ file, stage });
  const everyFile = (stage: DeliverStage): void => {
    destinations.forEach((_, index) => progress(index, stage));
    if (options.stems) for (const stem of ['voice', 'music'] as const) progress(stem, stage);
  };
  const openWork = deps.openWork ?? (async (s?: AbortSignal) => (await import('../mp3-work.js')).openMp3Work(undefined, s));
  const pool = new WorkPool(openWork, deps.workers ?? DEFAULT_WORKERS, signal);
  /** Jobs under way in the pool: awaited before the delivery resolves. */
  const jobs: Promise<void>[] = [];
  const failures: DeliveryFailure[] = [];
  /** Runs a file's job on a worker (waiting for one); a failure that is not the abort is the file's, named. */
  const start = async (file: DeliverProgress['file'], fileName: string, run: (w: DeliverWork) => Promise<void>): Promise<void> => {
    const lease = await pool.acquire();
    signal?.throwIfAborted();
    const job = lease.run(run).catch((error: unknown) => {
      if (isAbort(error, signal)) throw error;
      const cause = error as { message?: unknown };
      const message = typeof cause.message === 'string' ? cause.message : String(error);
      failures.push({ file, fileName, error: new StudioFileFailedError(fileName, message, error) });
      progress(file, 'failed');
    });
    job.catch(() => undefined);
    jobs.push(job);
  };
  try {
    everyFile('render');
    const sources = await deps.sources(project, signal);
    signal?.throwIfAborted();
    const adSeconds = project.duration;
    const speechCut = speechOverrun(speechTiming(project, lookupOf(sources)), adSeconds);
    const base = projectMixSpec(project, sources, { sampleRate: DELIVERY_RENDER_RATE, unmastered: true });
    const rendered = await deps.render(base, { signal });
    signal?.throwIfAborted();
    const mix: AudioSource = { channels: rendered.channels, sampleRate: rendered.sampleRate };

    const plans = planMasters(destinations);
    const masterOf = (i: number) => {
      for (const index of plans[i]!.files) progress(index, 'master');
      const rendering = deps.render(masterSpec(mix, adSeconds, plans[i]!.target), { signal });
      rendering.catch(() => undefined);
      return rendering;
    };
    // The render worker masters while the files before are written (the stems first) in the pool.
    let next: Promise<RenderedMix> | undefined = plans.length > 0 && !options.stems ? masterOf(0) : undefined;

    const stems: DeliveredStemFile[] = [];
    if (options.stems) {
      const voice = await deps.render({ ...base, music: null, ducking: null }, { signal });
      signal?.throwIfAborted();
      next = plans.length > 0 ? masterOf(0) : undefined;
      const split = await runSteps(voiceAndMusic(rendered.channels, voice.channels), nextTurn, signal);
      for (const stem of ['voice', 'music'] as const) {
        const fileName = stemNames![stem];
        await start(stem, fileName, async (w) => {
          const made = await writeStem(w, split[stem], stem, fileName, project.title, campaign, progress);
          signal?.throwIfAborted();
          stems.push(made);
          sink?.add(fileName, made.bytes);
          progress(stem, 'pack');
          progress(stem, 'done');
        });
      }
    }

    const files: DeliveredAudioFile[] = [];
    for (let i = 0; i < plans.length; i++) {
      const mastered = await next!;
      next = i + 1 < plans.length ? masterOf(i + 1) : undefined;
      signal?.throwIfAborted();
      const { files: indexes, target } = plans[i]!;
      for (const [k, index] of indexes.entries()) {
        const destination = destinations[index]!;
        const fileName = fileNames[index]!;
        // The last file of a master takes its arrays (they are moved to the worker); the others copies.
        const channels = k === indexes.length - 1 ? mastered.channels : mastered.channels.map((channel) => channel.slice());
        /** This file's own master at a lower ceiling (the shared one is left as it is). */
        const remaster = async (truePeak: number): Promise<Float32Array[]> => {
          progress(index, 'master');
          return (await deps.render(masterSpec(mix, adSeconds, { ...target, truePeak }), { signal })).channels;
        };
        // The silence a destination asks for at the end, added where its length allows (tail-pad.ts).
        const pad = tailPadSamples(channels, mastered.sampleRate, destination);
        await start(index, fileName, async (w) => {
          const master = { channels: padTail(channels, pad), sampleRate: mastered.sampleRate, ceiling: target.truePeak, remaster: async (truePeak: number) => padTail(await remaster(truePeak), pad) };
          const written = await writeFile(w, deps.decodeMp3 ?? platformDecode, master, destination, index, project.title, campaign, progress);
          signal?.throwIfAborted();
          const rules = checkDestination(destination, written.figures, { adSeconds, speechCut, wordsPerSecond: options.wordsPerSecond });
          const pass = passesAll(rules);
          const packed = sink !== undefined && (pass || options.includeFailed === true);
          if (packed) {
            sink.add(fileName, written.bytes);
            progress(index, 'pack');
          }
          files.push({ fileName, destination, index, bytes: written.bytes, figures: written.figures, rules, pass, packed });
          progress(index, 'done');
        });
      }
    }
    await Promise.all(jobs);
    signal?.throwIfAborted();
    const byIndex = <T extends { readonly index: number }>(a: T, b: T): number => a.index - b.index;
    const stemOrder = (a: DeliveredStemFile, b: DeliveredStemFile): number => (a.stem === b.stem ? 0 : a.stem === 'voice' ? -1 : 1);
    return { files: files.sort(byIndex), stems: stems.sort(stemOrder), failures, adSeconds, speechCut };
  } finally {
    pool.close();
  }
}

type Progress = (file: DeliverProgress['file'], stage: DeliverStage) => void;

/** A file's master: its `channels` (moved to the work), at the limiter's `ceiling`, and how to make it again lower. */
interface FileMaster {
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  readonly ceiling: number;
  readonly remaster: (ceiling: number) => Promise<Float32Array[]>;
}

/**
 * Encodes, tags and measures one destination's file from its master. An MP3 whose file (decoded again)
 * is over the destination's ceiling is mastered again with the limiter's ceiling lowered by the
 * overshoot and a margin (`remasterCeiling`), and encoded again, at most `MAX_REMASTERS` times: the
 * last file is the one delivered, and judged by the rules.
 */
async function writeFile(
  work: DeliverWork,
  decode: DeliverDecode | undefined,
  master: FileMaster,
  destination: DestinationProfile,
  index: number,
  title: string,
  campaign: CampaignFields,
  progress: Progress,
): Promise<{ bytes: Blob; figures: DeliveredFigures }> {
  progress(index, 'encode');
  const { codec } = destination;
  const { sampleRate } = master;
  if (codec.container === 'wav') {
    // Written whole in the work (PCM, figures, tags, hash, Blob): the page gets a Blob.
    const wav = await work.writeWav(master.channels, sampleRate, { bitDepth: codec.bitDepth, dither: codec.bitDepth === 16 }, { kind: 'file', title, campaign, destination });
    progress(index, 'measure');
    return { bytes: wav.blob, figures: { ...wav.measured.figures, bitDepth: codec.bitDepth, bytes: wav.bytes, sha256: wav.sha256 } };
  }
  if (decode === undefined) throw new StudioError('deliver-decode', 'No MP3 decoder here to measure the file as written: give `decodeMp3`.');
  let { channels, ceiling } = master;
  for (let remasters = 0; ; remasters++) {
    const audio = concat(await work.encode(channels, sampleRate, codec.bitrateKbps));
    progress(index, 'measure');
    const measured = await work.figures(await decode(audio, sampleRate), sampleRate);
    const { truePeak } = measured.figures;
    if (truePeak <= destination.truePeak || remasters === MAX_REMASTERS) return tagMp3(audio, measured, codec.bitrateKbps, title, campaign, destination);
    ceiling = remasterCeiling(ceiling, truePeak, destination.truePeak);
    channels = await master.remaster(ceiling);
    progress(index, 'encode');
  }
}

/** An encoded MP3 with its ID3 tag (the measurement of `audio` in it), and its figures. */
async function tagMp3(
  audio: Uint8Array,
  measured: Awaited<ReturnType<DeliverWork['figures']>>,
  bitrateKbps: number,
  title: string,
  campaign: CampaignFields,
  destination: DestinationProfile,
): Promise<{ bytes: Blob; figures: DeliveredFigures }> {
  const file = concat([id3Tag(deliveryId3({ title, campaign, destination, measurement: measured.measurement })), audio]);
  const figures: DeliveredFigures = { ...measured.figures, bitrateKbps, bytes: file.length, sha256: await sha256Hex(file) };
  return { bytes: new Blob([file as BlobPart], { type: 'audio/mpeg' }), figures };
}

/** Encodes, tags and measures a stem (WAV 48 kHz 24-bit). */
async function writeStem(
  work: DeliverWork,
  channels: Float32Array[],
  stem: 'voice' | 'music',
  fileName: string,
  title: string,
  campaign: CampaignFields,
  progress: Progress,
): Promise<DeliveredStemFile> {
  progress(stem, 'encode');
  const wav = await work.writeWav(channels, DELIVERY_RENDER_RATE, { bitDepth: 24, dither: false }, { kind: 'stem', stem, title, campaign });
  progress(stem, 'measure');
  return { fileName, stem, bytes: wav.blob, figures: { ...wav.measured.figures, bitDepth: 24, bytes: wav.bytes, sha256: wav.sha256 } };
}
