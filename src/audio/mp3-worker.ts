// The MP3 worker: encodes an export's mix as MP3 (LAME) off the page's thread, posting the frames chunk by
// chunk, then measures the file's loudness once the page has decoded it again; for a delivery it also writes
// WAVs and measures every file (see deliver/). Started only for an MP3 export or a delivery, and stopped after it; one self-contained file (no imports), so lamejs (LGPL) stays out of the
// editor's script and out of the render worker. No DOM; a module worker.
import { measureAudio } from './deliver/figures.js';
import { writeWav } from './deliver/write-wav.js';
import { measureLoudness } from './dsp/loudness.js';
import { mp3Chunks } from './mp3-encoder.js';
import type { FromMp3Worker, ToMp3Worker } from './mp3-protocol.js';

const post = (message: FromMp3Worker, transfer: Transferable[] = []): void => {
  (self as unknown as { postMessage(message: FromMp3Worker, transfer: Transferable[]): void }).postMessage(message, transfer);
};

self.onmessage = (event: MessageEvent<ToMp3Worker>) => {
  const message = event.data;
  try {
    if (message.type === 'measure') {
      post({ type: 'measured', measurement: measureLoudness([...message.channels], message.sampleRate) });
      return;
    }
    if (message.type === 'figures') {
      post({ type: 'figures', measured: measureAudio(message.channels, message.sampleRate) });
      return;
    }
    if (message.type === 'wav') {
      writeWav(message.channels, message.sampleRate, message.encoding, message.tags).then(
        (written) => post({ type: 'wav-written', written }),
        (error: unknown) => post({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    const chunks = mp3Chunks(message.channels, message.sampleRate, message.kbps);
    // The encoder keeps each chunk for the Info frame's checksums: the page gets copies.
    for (let step = chunks.next(); ; step = chunks.next()) {
      if (step.done) return post({ type: 'encoded', info: step.value }, [step.value.buffer as ArrayBuffer]);
      post({ type: 'frames', bytes: step.value });
    }
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};

post({ type: 'ready' });
