// Deliver: one render, every destination's file, measured and checked; the ZIP is in zip.ts (loaded when used).
export { deliver, masterSpec, DELIVERY_RENDER_RATE } from './deliver.js';
export { sha256Hex } from './sha256.js';
export type {
  DeliverDecode,
  DeliverDeps,
  DeliverOptions,
  DeliverProgress,
  DeliverStage,
  DeliverWork,
  DeliverySink,
  DeliveredAudioFile,
  DeliveredStemFile,
  DeliveryFailure,
  DeliveryResult,
} from './deliver.js';
export { engineDeliverDeps, localDeliverDeps, type DeliveringEngine } from './deps.js';
export { measureAudio, type AudioFigures, type MeasuredAudio } from './figures.js';
export { masterTargetOf, planMasters, type MasterTarget, type PlannedMaster } from './plan.js';
export { deliveryId3, deliveryWavMetadata, stemWavMetadata, type DeliveryTagSource } from './tags.js';
export { writeWav, type WavTags, type WrittenWav } from './write-wav.js';
