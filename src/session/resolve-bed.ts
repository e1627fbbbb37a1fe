import type { ServiceClient } from '../api/client.js';
import type { MusicLibraryEntry } from '../api/contract.js';
import type { EditorStore } from '../model/editor-state.js';

/**
 * Keeps the music bed playable: a recommendation names the bed's track but not its audio, so whenever the
 * bed has a track and no URL, the track is looked up in the music library (read once per editor) and its
 * URL recorded with `music/resolved` (a service fact: no undo step). A track the library does not hold is
 * left as it is; the music panel shows it and offers the library. Returns the function that stops it.
 */
export function resolveBedUrls(store: EditorStore, client: ServiceClient, signal: AbortSignal, onError: (error: unknown) => void): () => void {
  let library: Promise<readonly MusicLibraryEntry[]> | undefined;
  let pending: string | undefined;
  const check = (): void => {
    const bed = store.getState().project.music;
    const trackId = bed?.track?.track_id;
    if (bed === null || bed.url !== null || trackId === undefined || trackId === pending) return;
    pending = trackId;
    library ??= client.music({ signal }).then((answer) => answer.tracks);
    library.then(
      (tracks) => {
        pending = undefined;
        const entry = tracks.find((track) => track.track_id === trackId);
        if (entry !== undefined && !signal.aborted) store.dispatch({ type: 'music/resolved', trackId, url: entry.url });
      },
      (error: unknown) => {
        pending = undefined;
        library = undefined;
        if (!signal.aborted) onError(error);
      },
    );
  };
  const off = store.subscribe(check);
  check();
  return off;
}
