// Ambient module types for the benchmark pages' third-party imports.
declare module 'audiobuffer-to-wav' {
  export default function toWav(buffer: AudioBuffer, options?: { float32?: boolean }): ArrayBuffer;
}
declare module 'ebur128-wasm/ebur128_wasm_bg.wasm' {
  const bytes: Uint8Array;
  export default bytes;
}
declare module 'ebur128-wasm/ebur128_wasm_bg.js' {
  export function ebur128_integrated_stereo(sampleRate: number, left: Float32Array, right: Float32Array): number;
  export function ebur128_true_peak_stereo(sampleRate: number, left: Float32Array, right: Float32Array): number;
}
