import type { MeterMessage } from './meter-worklet.js';
import type { Transport } from './transport.js';

/** A reading of the live meter: momentary and short-term loudness (LUFS), true peak per channel (dBTP). */
export type MeterReading = MeterMessage;

/** The worklet file beside this module (a self-contained build; see rollup.config.mjs). */
export const meterWorkletUrl = (): string => new URL('./meter-worklet.js', import.meta.url).href;

/**
 * The live meter: an AudioWorklet tapped on the playback output, reading what plays every 100 ms with the
 * offline meter's filters. Made when the transport makes its AudioContext (the first play). Where the
 * worklet cannot load (no AudioWorklet, a policy that refuses it), the meter stays silent and says why in
 * `unavailable`; playback is not affected.
 */
export class LiveMeter {
  readonly #listeners = new Set<(reading: MeterReading) => void>();
  #node: AudioWorkletNode | undefined;
  #off: () => void;
  /** Why the meter is not running, once that is known. */
  unavailable: string | undefined;

  constructor(transport: Transport) {
    this.#off = transport.onOutput((output, context) => void this.#attach(output, context));
  }

  async #attach(output: AudioNode, context: AudioContext): Promise<void> {
    try {
      await context.audioWorklet.addModule(meterWorkletUrl());
      const node = new AudioWorkletNode(context, 'studio-editor-meter', { numberOfInputs: 1, numberOfOutputs: 0, channelCount: 2, channelCountMode: 'explicit' });
      node.port.onmessage = (event: MessageEvent<MeterReading>) => {
        for (const listener of this.#listeners) listener(event.data);
      };
      output.connect(node);
      this.#node = node;
    } catch (error) {
      this.unavailable = `the live meter could not start (${error instanceof Error ? error.message : String(error)})`;
    }
  }

  /** Calls `listener` with each reading while audio plays; returns the function that stops it. */
  subscribe(listener: (reading: MeterReading) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  dispose(): void {
    this.#off();
    this.#listeners.clear();
    this.#node?.port.close();
    this.#node?.disconnect();
    this.#node = undefined;
  }
}
