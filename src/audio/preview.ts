/**
 * Plays short previews (a voice sample, a music preview) from URLs, fetched with the editor's fetch so a
 * `/v1/` sample gets the token and a CDN file does not. Several URLs can sound together (a voice over a
 * bed); a new `play()` stops the previous one. Object URLs are revoked when done.
 */
export class PreviewPlayer {
  readonly #fetch: (url: string, init?: RequestInit) => Promise<Response>;
  readonly #onEnd: () => void;
  #playing: { audios: HTMLAudioElement[]; urls: string[]; controller: AbortController } | undefined;

  constructor(fetch: (url: string, init?: RequestInit) => Promise<Response>, onEnd: () => void = () => undefined) {
    this.#fetch = fetch;
    this.#onEnd = onEnd;
  }

  get playing(): boolean {
    return this.#playing !== undefined;
  }

  /** Plays `sources` together, each at its volume (0 to 1); resolves once playback started. */
  async play(sources: ReadonlyArray<{ url: string; volume?: number }>): Promise<void> {
    this.stop();
    const controller = new AbortController();
    const session = { audios: [] as HTMLAudioElement[], urls: [] as string[], controller };
    this.#playing = session;
    const blobs = await Promise.all(
      sources.map(async ({ url }) => {
        const response = await this.#fetch(url, { signal: controller.signal });
        if (!response.ok) throw new Error(`The preview could not be loaded (HTTP ${response.status}).`);
        return response.blob();
      }),
    );
    if (this.#playing !== session) return;
    let remaining = sources.length;
    for (const [index, blob] of blobs.entries()) {
      const url = URL.createObjectURL(blob);
      session.urls.push(url);
      const audio = new Audio(url);
      audio.volume = sources[index]!.volume ?? 1;
      audio.addEventListener('ended', () => {
        remaining -= 1;
        if (remaining === 0 && this.#playing === session) {
          this.stop();
          this.#onEnd();
        }
      });
      session.audios.push(audio);
    }
    await Promise.all(session.audios.map((audio) => audio.play()));
  }

  stop(): void {
    const session = this.#playing;
    if (session === undefined) return;
    this.#playing = undefined;
    session.controller.abort(new DOMException('Preview stopped.', 'AbortError'));
    for (const audio of session.audios) audio.pause();
    for (const url of session.urls) URL.revokeObjectURL(url);
  }
}
