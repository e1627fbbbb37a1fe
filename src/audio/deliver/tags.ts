// The tags a delivered file carries, from the campaign fields and the file's own measurement, limited to
// the fields its destination lists (`DestinationProfile.metadata`).
import type { CampaignFields, DestinationProfile } from '../../delivery/types.js';
import type { LoudnessMeasurement } from '../dsp/loudness.js';
import type { WavMetadata } from '../dsp/wav-metadata.js';
import { EXPORT_SOFTWARE, loudnessComment } from '../export-tags.js';
import type { Id3Tags } from '../id3.js';

/** What a delivered file's tags are made of. */
export interface DeliveryTagSource {
  /** The ad's title (the project's). */
  readonly title: string;
  readonly campaign: CampaignFields;
  readonly destination: DestinationProfile;
  /** The file's measurement (as written, decoded again). */
  readonly measurement: LoudnessMeasurement;
}

/** The destination's fields that have text, trimmed; `loudness` when listed. */
function fields(source: DeliveryTagSource) {
  const wanted = new Set(source.destination.metadata);
  const text = (field: Exclude<DestinationProfile['metadata'][number], 'loudness'>, value: string): string | undefined => (wanted.has(field) && value.trim() ? value.trim() : undefined);
  const { campaign, destination, measurement } = source;
  const comment = wanted.has('loudness')
    ? `${loudnessComment(measurement)}; destination ${destination.id}: ${destination.loudness} LUFS, ${destination.truePeak} dBTP`
    : undefined;
  return {
    title: text('title', source.title),
    advertiser: text('advertiser', campaign.advertiser),
    campaign: text('campaign', campaign.campaign),
    adId: text('adId', campaign.adId),
    isci: text('isci', campaign.isci),
    version: text('versionLabel', campaign.versionLabel),
    comment,
    loudness: wanted.has('loudness'),
  };
}

/**
 * The ID3v2.4 tag of a delivered MP3: TIT2 title, TPE1 advertiser, TALB campaign, TXXX `AD-ID`, `ISCI` and
 * `VERSION`, COMM the loudness figures, TSSE the editor.
 */
export function deliveryId3(source: DeliveryTagSource): Id3Tags {
  const f = fields(source);
  return {
    title: f.title,
    artist: f.advertiser,
    album: f.campaign,
    userText: { 'AD-ID': f.adId, ISCI: f.isci, VERSION: f.version },
    comment: f.comment,
    encoder: EXPORT_SOFTWARE,
  };
}

/**
 * The metadata of a delivered WAV: BWF `bext` v2 (Description: the clearance number, whatever the destination's
 * metadata fields, then title, version, Ad-ID and ISCI; Originator:
 * the editor; OriginatorReference: the Ad-ID; the loudness fields) and LIST/INFO (INAM title, IART
 * advertiser, IPRD campaign, ICMT the loudness figures, ISFT the editor).
 */
export function deliveryWavMetadata(source: DeliveryTagSource): WavMetadata {
  const f = fields(source);
  // The clearance number first: it must survive the Description's 256 characters whatever the title's length.
  const clearance = source.campaign.clearance?.trim();
  const description = [clearance && `Clearance ${clearance}`, f.title && (f.version ? `${f.title} (${f.version})` : f.title), f.adId && `Ad-ID ${f.adId}`, f.isci && `ISCI ${f.isci}`].filter(Boolean).join('; ');
  return {
    title: f.title,
    artist: f.advertiser,
    product: f.campaign,
    software: EXPORT_SOFTWARE,
    comment: f.comment,
    description: description || undefined,
    originatorReference: f.adId,
    loudness: f.loudness ? source.measurement : undefined,
  };
}

/**
 * The metadata of a stem (WAV 48 kHz 24-bit, before mastering): the title with the stem's name, the
 * advertiser, the campaign, the Ad-ID as the `bext` OriginatorReference, and the stem's loudness.
 */
export function stemWavMetadata(source: Omit<DeliveryTagSource, 'destination'> & { readonly stem: 'voice' | 'music' }): WavMetadata {
  const title = source.title.trim();
  const { campaign } = source;
  return {
    title: title ? `${title} (${source.stem})` : source.stem,
    artist: campaign.advertiser.trim() || undefined,
    product: campaign.campaign.trim() || undefined,
    software: EXPORT_SOFTWARE,
    description: `${source.stem} stem, before mastering`,
    originatorReference: campaign.adId.trim() || undefined,
    loudness: source.measurement,
  };
}
