import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { MixPreviewSource, PreviewState } from '../audio/preview-state.js';
import { previewContext } from './contexts.js';

type Host = ReactiveControllerHost & HTMLElement;

/**
 * Connects an element to the editor's mix preview (`previewContext`): `source` is the preview, `state` its
 * latest state; the element re-renders on every state change. Subscribes while connected, and follows a
 * new preview when the provider changes it.
 */
export class PreviewController implements ReactiveController {
  readonly #host: Host;
  readonly #consumer: ContextConsumer<{ __context__: MixPreviewSource | undefined }, Host>;
  #source: MixPreviewSource | undefined;
  #off: (() => void) | undefined;
  #state: PreviewState | undefined;

  constructor(host: Host) {
    this.#host = host;
    this.#consumer = new ContextConsumer(host, {
      context: previewContext,
      subscribe: true,
      callback: (source) => this.#attach(source),
    });
    host.addController(this);
  }

  /** The preview; undefined outside an editor or before it starts. */
  get source(): MixPreviewSource | undefined {
    return this.#source;
  }

  /** Its latest state; undefined without a preview. */
  get state(): PreviewState | undefined {
    return this.#state;
  }

  hostConnected(): void {
    const source = this.#consumer.value;
    if (source !== undefined && this.#off === undefined) this.#attach(source);
  }

  hostDisconnected(): void {
    this.#off?.();
    this.#off = undefined;
  }

  #attach(source: MixPreviewSource | undefined): void {
    this.#off?.();
    this.#off = undefined;
    this.#source = source;
    this.#state = source?.getState();
    if (source !== undefined) {
      this.#off = source.subscribe((state) => {
        this.#state = state;
        this.#host.requestUpdate();
      });
    }
    this.#host.requestUpdate();
  }
}
