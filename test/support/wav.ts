/** A 16-bit PCM WAV of the given channels, for feeding decoders in tests. */
export function wav16(channels: Float32Array[], sampleRate: number): ArrayBuffer {
  const frames = channels[0]!.length;
  const bytes = new ArrayBuffer(44 + frames * channels.length * 2);
  const view = new DataView(bytes);
  const text = (offset: number, value: string) => [...value].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, bytes.byteLength - 8, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels.length * 2, true);
  view.setUint16(32, channels.length * 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, frames * channels.length * 2, true);
  for (let frame = 0; frame < frames; frame++) {
    channels.forEach((channel, c) => {
      const sample = Math.max(-1, Math.min(1, channel[frame]!));
      view.setInt16(44 + (frame * channels.length + c) * 2, Math.round(sample * 32767), true);
    });
  }
  return bytes;
}

/** A sine of `seconds` at `frequency`, amplitude `amplitude`. */
export function sine(seconds: number, sampleRate: number, frequency = 440, amplitude = 0.5): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate));
}
