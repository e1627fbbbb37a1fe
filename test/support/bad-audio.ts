import { sine, wav16 } from './wav.js';

/** A valid mono 16-bit WAV of `seconds` at 8 kHz. */
export const goodWav = (seconds = 1.5): ArrayBuffer => wav16([sine(seconds, 8000)], 8000);

/** `goodWav` with its header edited through `edit(view)`. */
export function editedWav(edit: (view: DataView) => void): ArrayBuffer {
  const bytes = goodWav();
  edit(new DataView(bytes));
  return bytes;
}

/** Files that must be refused, by what is wrong with them (header offsets are those of a 44-byte PCM header). */
export const BAD_UPLOADS: Array<[name: string, file: () => File, key: string]> = [
  ['a WAV cut after 60 bytes', () => new File([goodWav().slice(0, 60)], 'cut.wav', { type: 'audio/wav' }), 'upload.truncated'],
  ['a WAV header claiming more data than present', () => new File([editedWav((view) => view.setUint32(40, view.getUint32(40, true) + 48_000, true))], 'lies.wav', { type: 'audio/wav' }), 'upload.truncated'],
  ['a WAV header claiming 0 channels', () => new File([editedWav((view) => view.setUint16(22, 0, true))], 'none.wav', { type: 'audio/wav' }), 'upload.damaged'],
  ['a WAV header claiming an absurd rate', () => new File([editedWav((view) => view.setUint32(24, 4_000_000_000, true))], 'fast.wav', { type: 'audio/wav' }), 'upload.damaged'],
  ['a WAV of an unknown format code', () => new File([editedWav((view) => view.setUint16(20, 0x1234, true))], 'odd.wav', { type: 'audio/wav' }), 'upload.badFormat'],
  ['a WAV of 0.1 s', () => new File([goodWav(0.1)], 'short.wav', { type: 'audio/wav' }), 'upload.tooShort'],
  ['random bytes named .wav', () => new File([Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)], 'noise.wav', { type: 'audio/wav' }), 'upload.notAudio'],
  ['an MP3 that does not decode', () => new File([new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 10, ...new Array<number>(2048).fill(0)])], 'song.mp3', { type: 'audio/mpeg' }), 'upload.notAudio'],
];
