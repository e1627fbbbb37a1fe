// The captions (WebVTT) and the transcript delivered with each version (and each feed row's ad): its words as
// heard (src/script/captions.ts), beside its audio files in the ZIP, listed in the manifest and, for a VAST
// destination, in its `vast.xml` as `<ClosedCaptionFiles>`. A version with no words heard gets none.
import { adWords, captionCues, transcriptText, webVtt } from '../script/captions.js';
import type { CaptionsManifestEntry } from '../delivery/types.js';
import { LANGUAGE_TAG } from '../delivery/vast.js';
import type { ProjectDocument } from '../model/document.js';

/** One version's captions and transcript: the files for the ZIP, and their manifest entry. */
export interface CaptionsMade {
  readonly entry: CaptionsManifestEntry;
  readonly files: readonly { readonly name: string; readonly blob: Blob }[];
}

/** The voice's language, as the service named it on the first take that says. */
function languageOf(view: Pick<ProjectDocument, 'clips' | 'assets'>): string | undefined {
  for (const clip of view.clips) {
    const language = view.assets.find((asset) => asset.asset_id === clip.assetId)?.voice?.language;
    if (typeof language === 'string' && LANGUAGE_TAG.test(language)) return language;
  }
  return undefined;
}

/**
 * The captions and the transcript of `view`, named `name(kind, extension)` (a file name the caller keeps unique),
 * for version `version` (and row `row`); `undefined` when nothing is said in it.
 */
export function versionCaptions(view: ProjectDocument, name: (kind: 'captions' | 'transcript', extension: 'vtt' | 'txt') => string, version: string, row?: string): CaptionsMade | undefined {
  const { words, timed } = adWords(view);
  if (words.length === 0) return undefined;
  const captions = name('captions', 'vtt');
  const transcript = name('transcript', 'txt');
  const language = languageOf(view);
  return {
    entry: { version, ...(row === undefined ? {} : { row }), captions, transcript, ...(language === undefined ? {} : { language }), words: words.length, timed },
    files: [
      { name: captions, blob: new Blob([webVtt(captionCues(words))], { type: 'text/vtt' }) },
      { name: transcript, blob: new Blob([transcriptText(view)], { type: 'text/plain' }) },
    ],
  };
}
