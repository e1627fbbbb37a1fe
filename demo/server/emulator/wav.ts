// 16-bit PCM WAV: encode interleaved samples, and read back what this emulator wrote.

/** Audio as float channels (-1..1), all of one length. */
export interface PcmAudio {
  sampleRate: number;
  channels: Float32Array[];
}

export function durationOf(audio: PcmAudio): number {
  return (audio.channels[0]?.length ?? 0) / audio.sampleRate;
}

/** Encodes `audio` as a 16-bit PCM WAV file. */
export function encodeWav(audio: PcmAudio): Buffer {
  const channelCount = audio.channels.length;
  const frames = audio.channels[0]?.length ?? 0;
  const dataSize = frames * channelCount * 2;
  const buffer = Buffer.alloc(44 + dataSize);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataSize, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(channelCount, 22);
  buffer.writeUInt32LE(audio.sampleRate, 24);
  buffer.writeUInt32LE(audio.sampleRate * channelCount * 2, 28);
  buffer.writeUInt16LE(channelCount * 2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataSize, 40);
  let offset = 44;
  for (let frame = 0; frame < frames; frame++) {
    for (const channel of audio.channels) {
      const sample = Math.max(-1, Math.min(1, channel[frame]!));
      buffer.writeInt16LE(Math.round(sample < 0 ? sample * 32768 : sample * 32767), offset);
      offset += 2;
    }
  }
  return buffer;
}

/** Decodes a canonical 16-bit PCM WAV (44-byte header), as `encodeWav` writes it. */
export function decodeWav(buffer: Buffer): PcmAudio {
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE' || buffer.readUInt16LE(34) !== 16) {
    throw new Error('Not a 16-bit PCM WAV file.');
  }
  const channelCount = buffer.readUInt16LE(22);
  const sampleRate = buffer.readUInt32LE(24);
  const frames = buffer.readUInt32LE(40) / (channelCount * 2);
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
  let offset = 44;
  for (let frame = 0; frame < frames; frame++) {
    for (const channel of channels) {
      channel[frame] = buffer.readInt16LE(offset) / 32768;
      offset += 2;
    }
  }
  return { sampleRate, channels };
}
