// The dynamic player: one row of the feed heard with its values. The runner voices what the row needs (its
// slot sections; the rest is reused) and renders it; the WAV plays in an <audio> in the panel. One preview at
// a time: a new one cancels the last; a late answer is dropped (a run counter).
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { StudioError } from '../../errors.js';
import { reportError } from '../../events/report-error.js';
import { describeError } from '../../i18n/error-words.js';
import type { Translate } from '../../i18n/translate.js';
import type { FeedRowPreview, FeedRunner } from '../../session/feed-run.js';
import { FeedPriceAsk } from './feed-price-ask.js';
import { refusalWords } from '../shared/reason-words.js';

type PlayerState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'busy'; readonly key: string; readonly takes: number }
  | { readonly kind: 'ready'; readonly preview: FeedRowPreview; readonly url: string }
  | { readonly kind: 'failed'; readonly key: string; readonly message: string }
  | { readonly kind: 'cancelled'; readonly key: string };

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

/**
 * Plays rows of a feed through a `FeedRunner`; owns the preview's object URL and its AbortController. The
 * panel's LingerController calls `release()` once the panel is removed for good.
 */
export class FeedPlayer {
  readonly #host: ReactiveControllerHost;
  readonly #t: () => Translate;
  #state: PlayerState = { kind: 'idle' };
  #controller: AbortController | undefined;
  #runs = 0;
  readonly #price: FeedPriceAsk;

  constructor(host: ReactiveControllerHost, t: () => Translate) {
    this.#host = host;
    this.#t = t;
    this.#price = new FeedPriceAsk(host, t);
  }

  /** Asks the runner what hearing row `key` costs, for the project `basis` (not while a row is voiced). */
  requestPrice(runner: FeedRunner, key: string, basis: unknown): void {
    if (!this.busy) this.#price.request(runner, [key], basis);
  }

  get busy(): boolean {
    return this.#state.kind === 'busy';
  }

  /** Voices and renders row `key` (`takes`: the most takes it may need, for the words), then shows its audio. */
  async play(runner: FeedRunner, key: string, takes: number): Promise<void> {
    this.cancel();
    const run = ++this.#runs;
    const controller = new AbortController();
    this.#controller = controller;
    this.#set({ kind: 'busy', key, takes });
    try {
      const preview = await runner.previewRow(key, { signal: controller.signal });
      controller.signal.throwIfAborted();
      if (run !== this.#runs) return;
      this.#set({ kind: 'ready', preview, url: URL.createObjectURL(preview.wav) });
      void this.#autoplay();
    } catch (error) {
      if (run !== this.#runs) return;
      if (isAbort(error) || controller.signal.aborted) return this.#set({ kind: 'cancelled', key });
      const t = this.#t();
      this.#set({ kind: 'failed', key, message: refusalWords(t, error) ?? describeError(error, t).text });
      // The editor reports its own failures (studio-error); anything else is reported here.
      if (!(error instanceof StudioError)) reportError(this.#host as unknown as HTMLElement, error);
    } finally {
      if (run === this.#runs) this.#controller = undefined;
    }
  }

  /** Stops a preview under way (nothing is kept of it). */
  cancel(): void {
    this.#controller?.abort(new DOMException('Cancelled by the user.', 'AbortError'));
    this.#controller = undefined;
  }

  /** Lets go of everything: the preview under way and the audio's object URL. */
  release(): void {
    this.#runs += 1;
    this.cancel();
    this.#price.release();
    this.#set({ kind: 'idle' });
  }

  /** The new state; the audio's URL it replaces is revoked. */
  #set(state: PlayerState): void {
    if (this.#state.kind === 'ready') URL.revokeObjectURL(this.#state.url);
    this.#state = state;
    this.#host.requestUpdate();
  }

  async #autoplay(): Promise<void> {
    await this.#host.updateComplete;
    const audio = (this.#host as unknown as HTMLElement).shadowRoot?.querySelector('audio');
    // A page may refuse to play without a gesture: the controls are there to press.
    await audio?.play().catch(() => undefined);
  }

  /** The Play button with its price, what is happening, the audio, and Cancel; `takes`: the most takes a row may need. */
  render(t: Translate, runner: FeedRunner | undefined, chosen: { row: number; key: string | null } | undefined, takes: number, basis: unknown): TemplateResult {
    const state = this.#state;
    const disabled = runner === undefined || chosen === undefined || chosen.key === null || state.kind === 'busy';
    const price = disabled ? '' : this.#price.text(t, [chosen.key!], basis);
    const hint = chosen === undefined ? t('feed.chooseFirst') : chosen.key === null ? t('feed.needsKey') : t('feed.chosen', { row: chosen.row, key: chosen.key });
    return html`<section part="player" aria-labelledby="player-heading">
      <h4 id="player-heading">${t('feed.player')}</h4>
      <p class="hint" id="player-hint">${hint}</p>
      <div class="actions">
        <button type="button" part="play" class="primary" aria-describedby="player-hint" ?disabled=${disabled}
          @click=${() => runner !== undefined && chosen?.key != null && void this.play(runner, chosen.key, takes)}>${t('feed.play')}</button>
        ${price === '' ? nothing : html`<span part="play-price" class="cost">${price}</span>`}
        ${state.kind === 'busy' ? html`<button type="button" part="cancel" @click=${() => this.cancel()}>${t('job.cancel')}</button>` : nothing}
      </div>
      <p role="status" aria-live="polite" part="player-status">${this.#status(t)}</p>
      ${state.kind === 'failed' ? html`<p class="error" role="alert">${t('feed.playFailed', { key: state.key, message: state.message })}</p>` : nothing}
      ${state.kind === 'ready' ? html`<audio part="audio" controls src=${state.url} aria-label=${t('feed.rowAudio', { key: state.preview.key })}></audio>` : nothing}
    </section>`;
  }

  #status(t: Translate): string {
    const state = this.#state;
    switch (state.kind) {
      case 'busy':
        return t.plural('feed.voicing', state.takes, { key: state.key });
      case 'ready':
        return t('feed.heard', { key: state.preview.key, voiced: t.plural('feed.voiced', state.preview.voiced), reused: t.plural('feed.reused', state.preview.reused) });
      case 'cancelled':
        return t('feed.playCancelled', { key: state.key });
      default:
        return '';
    }
  }
}
