// A destination of several files (VAST's three MP3s and its Mezzanine, `DestinationProfile.renditions`) as the
// pipeline takes it: one profile a file. Pure.
import type { DestinationProfile } from './types.js';

/**
 * `destinations` with each one of several renditions made into a profile a rendition, in order: its codec (and
 * channels), its id in `rendition`, its file-name template ending `_<rendition>`. The others as they are.
 */
export function expandRenditions(destinations: readonly DestinationProfile[]): DestinationProfile[] {
  return destinations.flatMap((destination) => {
    if (destination.renditions === undefined) return [destination];
    const { renditions, ...profile } = destination;
    return renditions.map((rendition) => ({
      ...profile,
      codec: rendition.codec,
      channels: rendition.channels ?? profile.channels,
      rendition: rendition.id,
      fileName: `${destination.fileName}_${rendition.id}`,
    }));
  });
}

/** The rendition of an expanded profile, as its destination declares it. */
export const renditionOf = (profile: DestinationProfile, destinations: readonly DestinationProfile[]) =>
  destinations.find((destination) => destination.id === profile.id)?.renditions?.find((rendition) => rendition.id === profile.rendition);

/** A file's id in progress, the panel and the manifest: its destination's, with its rendition's after `:` (`vast-audio:128k`). */
export const renditionFileId = (profile: DestinationProfile): string => (profile.rendition === undefined ? profile.id : `${profile.id}:${profile.rendition}`);
