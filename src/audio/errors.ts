import { StudioError } from '../errors.js';

/**
 * Audio input that the DSP cannot work with: no channels, channels of different lengths, a sample rate
 * outside 8 to 384 kHz, a mix description with a negative length. The message names the field and the fix.
 */
export class AudioInputError extends StudioError {
  static override get kind(): string {
    return 'AudioInputError';
  }
  constructor(message: string) {
    super('audio-input', message, { recoverable: false });
  }
}
