import type { ReactiveController, ReactiveControllerHost } from 'lit';

type Host = ReactiveControllerHost & HTMLElement;

/** Full screen for the editor: the Fullscreen API, or a fixed overlay over the window where the page refuses it. */
export class FullscreenController implements ReactiveController {
  readonly #host: Host;
  /** True while the editor fills the screen (or the window, as an overlay). */
  fullscreen = false;

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('fullscreenchange', this.#onFullscreenChange);
  }

  hostDisconnected(): void {
    document.removeEventListener('fullscreenchange', this.#onFullscreenChange);
    document.removeEventListener('keydown', this.#onOverlayKey);
  }

  /** Fills the screen with the editor, or gives the page back; an overlay where full screen is refused. */
  async toggle(): Promise<void> {
    const host = this.#host;
    if (this.fullscreen) {
      if (document.fullscreenElement === host) await document.exitFullscreen().catch(() => undefined);
      this.#setOverlay(false);
      return;
    }
    try {
      if (typeof host.requestFullscreen !== 'function') throw new Error('no Fullscreen API');
      await host.requestFullscreen();
    } catch {
      // An iframe without allow="fullscreen", or no API: the editor covers the window instead.
      this.#setOverlay(true);
    }
  }

  #setOverlay(on: boolean): void {
    this.#host.toggleAttribute('expanded', on);
    this.fullscreen = on || document.fullscreenElement === this.#host;
    if (on) document.addEventListener('keydown', this.#onOverlayKey);
    else document.removeEventListener('keydown', this.#onOverlayKey);
    this.#host.requestUpdate();
  }

  readonly #onOverlayKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.#host.hasAttribute('expanded')) this.#setOverlay(false);
  };

  readonly #onFullscreenChange = (): void => {
    this.fullscreen = document.fullscreenElement === this.#host || this.#host.hasAttribute('expanded');
    this.#host.requestUpdate();
  };
}
