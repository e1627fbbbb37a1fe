// The `vast.xml` of each VAST destination (`DestinationProfile.vast`) of a delivered version: written beside its
// files from what the pipeline measured (each MP3 rendition a MediaFile, the WAV one the Mezzanine), its settings
// judged by the VAST rules of the judge (src/rules/vast.ts) and its own figures by `checkVastInput`, and listed in
// the manifest with the result. A destination
// whose files are not all in the ZIP (one failed its rules) gets none: it would point at a file the host lacks.
import { newIdempotencyKey } from '../api/idempotency-key.js';
import { checkVastInput, vastXml, type VastInput, type VastProfile, type VastSettings } from '../delivery/vast.js';
import type { DeliveredFigures, DestinationProfile, VastManifestEntry } from '../delivery/types.js';
import { judge } from '../rules/judge.js';
import type { VastFinding, VastSubject } from '../rules/vast.js';
import { StudioError } from '../errors.js';
import { reason, reasonText, saidAs, type Reason, type Said } from '../rules/said.js';

/** What `deliver({ vast })` and the Deliver panel give for this delivery's VAST destinations, over each profile's `vast`. */
export type VastGiven = Pick<VastSettings, 'impressionUrls'> & { readonly mediaBaseUrl?: string };

/** A delivered file, as the VAST step reads it. */
export interface VastFileMade {
  /** Its path in the ZIP. */
  readonly path: string;
  readonly destination: DestinationProfile;
  readonly figures: DeliveredFigures;
  /** Whether it is in the ZIP. */
  readonly inZip: boolean;
}

/** The VAST destinations among `destinations`, each with the settings this delivery would write: its profile's, with `given` over them. */
export function vastSubjects(destinations: readonly DestinationProfile[], given: VastGiven | undefined): VastSubject[] {
  return destinations.flatMap((destination) =>
    destination.vast === undefined
      ? []
      : [
          {
            destination: destination.id,
            mediaBaseUrl: given?.mediaBaseUrl ?? destination.vast.mediaBaseUrl,
            impressionUrls: given?.impressionUrls ?? destination.vast.impressionUrls,
            errorUrl: destination.vast.errorUrl,
          },
        ],
  );
}

/** The judge's first VAST finding in the words of `deliver()` and the Deliver panel: where to give what is missing, else the setting at fault. */
function vastRefusal(found: VastFinding): StudioError {
  switch (found.rule) {
    case 'vast-media-base-required':
      return new StudioError('deliver-vast', `${found.message} (the Deliver panel's media base URL, or deliver({ vast: { mediaBaseUrl } })).`, { recoverable: true });
    case 'vast-impression-required':
      return new StudioError('deliver-vast', `${found.message} (the Deliver panel's impression URLs, or deliver({ vast: { impressionUrls } })).`, { recoverable: true });
    default:
      return new StudioError('deliver-vast', `vast.${found.field}: ${found.message}`, { recoverable: true });
  }
}

/**
 * The settings of each VAST destination among `destinations` (not expanded) for this delivery: its profile's, with
 * `given` over them. Refused before anything is rendered when the judge finds a problem in them (no media base URL,
 * no impression URL, a URL no VAST document can carry: src/rules/vast.ts).
 */
export function vastSettingsOf(destinations: readonly DestinationProfile[], given: VastGiven | undefined): Map<string, VastSettings> {
  const subjects = vastSubjects(destinations, given);
  const [first] = judge({ kind: 'vast', destinations: subjects });
  if (first !== undefined) throw vastRefusal(first);
  const settings = new Map<string, VastSettings>();
  for (const destination of destinations) {
    if (destination.vast === undefined) continue;
    const profile: VastProfile = destination.vast;
    const mediaBaseUrl = given?.mediaBaseUrl ?? profile.mediaBaseUrl;
    const impressionUrls = given?.impressionUrls ?? profile.impressionUrls;
    settings.set(destination.id, { ...profile, mediaBaseUrl: mediaBaseUrl!, ...(impressionUrls === undefined ? {} : { impressionUrls }) });
  }
  return settings;
}

/**
 * The problems of `input` before destination `destination`'s document is written, each naming its field: its
 * settings as the judge finds them (`settings.impressionUrls[1]: ...`), then the document's own (`checkVastInput`).
 */
export function vastInputProblems(destination: string, input: VastInput): Reason[] {
  const { mediaBaseUrl, impressionUrls, errorUrl } = input.settings;
  const settings = judge({ kind: 'vast', destinations: [{ destination, mediaBaseUrl, impressionUrls, errorUrl }] });
  return [...settings.map((finding) => reason(finding.message, { finding }, [`settings.${finding.field}`])), ...checkVastInput(input).problems.map((problem) => reason(problem))];
}

/** A VAST document as a file of the ZIP. */
export const xmlBlob = (xml: string): Blob => new Blob([xml], { type: 'application/xml' });

/** One `vast.xml` to add to the ZIP, with its manifest entry. */
export interface VastMade {
  readonly path: string;
  readonly xml: string | undefined;
  readonly entry: VastManifestEntry;
  /** Why it is not valid or not written (the entry's `problems`, in English), with what to say each with. */
  readonly reasons: readonly Reason[];
}

/** Where a VAST document goes and what it is of: its folder (`''` or `key/`), and names for the title and the `<Ad id>`. */
export interface VastPlace {
  readonly folder: string;
  readonly version: string;
  readonly row?: string;
  /** `<AdTitle>`: the project and the version ("Cold brew: :30 main"). */
  readonly title: string;
  readonly adId: string;
  /** Whether the ZIP holds several versions, or several VAST destinations: each document's name then says which. */
  readonly manyVersions: boolean;
  /** The captions of the ad (its path in the ZIP), when it has words. */
  readonly captions?: { readonly path: string; readonly language?: string };
}

/** The `vast.xml` of each VAST destination of one delivered version (or row), from its files as made. */
export function vastDocuments(settings: ReadonlyMap<string, VastSettings>, files: readonly VastFileMade[], place: VastPlace): VastMade[] {
  const manyDestinations = settings.size > 1;
  return [...settings].map(([destination, vast]) => {
    const own = files.filter((file) => file.destination.id === destination);
    const name = `vast${manyDestinations ? `_${destination}` : ''}${place.manyVersions ? `_${place.version}` : ''}.xml`;
    const path = `${place.folder}${name}`;
    const base = { fileName: path, destination, version: place.version, ...(place.row === undefined ? {} : { row: place.row }), files: own.map((file) => file.path) };
    const unwritten = (said: readonly { message: string; said: Said }[]): VastMade => {
      const reasons = said.map((item) => reason(item.message, item.said));
      return { path, xml: undefined, entry: { ...base, written: false, valid: false, problems: reasons.map(reasonText) }, reasons };
    };
    const missing = own.filter((file) => !file.inZip);
    if (missing.length > 0) return unwritten(missing.map((file) => saidAs('deliver.vastFileMissing', { file: file.path })));
    const mezzanine = own.find((file) => file.destination.codec.container === 'wav');
    const served = own.filter((file) => file.destination.codec.container === 'mp3');
    if (mezzanine === undefined || served.length === 0) {
      return unwritten([saidAs('deliver.vastNoMedia', {})]);
    }
    const input: VastInput = {
      settings: vast,
      adId: place.adId,
      adServingId: newIdempotencyKey(),
      adTitle: place.title,
      // The Mezzanine's samples: the length every rendition has, exactly.
      seconds: mezzanine.figures.samples / mezzanine.figures.sampleRate,
      mediaFiles: [...served]
        .sort((a, b) => (b.destination.codec.container === 'mp3' ? b.destination.codec.bitrateKbps : 0) - (a.destination.codec.container === 'mp3' ? a.destination.codec.bitrateKbps : 0))
        .map((file) => ({
          fileName: file.path,
          bitrateKbps: file.figures.bitrateKbps ?? (file.destination.codec.container === 'mp3' ? file.destination.codec.bitrateKbps : 0),
          bytes: file.figures.bytes,
          sampleRate: file.figures.sampleRate,
          channels: file.figures.channels,
        })),
      mezzanine: { fileName: mezzanine.path, bytes: mezzanine.figures.bytes, sampleRate: mezzanine.figures.sampleRate, channels: mezzanine.figures.channels, bitDepth: mezzanine.figures.bitDepth ?? 24 },
      id: place.row === undefined ? place.version : `${place.row}-${place.version}`,
      ...(place.captions === undefined ? {} : { captions: { fileName: place.captions.path, ...(place.captions.language === undefined ? {} : { language: place.captions.language }) } }),
    };
    const reasons = vastInputProblems(destination, input);
    const pass = reasons.length === 0;
    return { path, xml: pass ? vastXml(input) : undefined, entry: { ...base, written: pass, valid: pass, problems: reasons.map(reasonText) }, reasons };
  });
}
