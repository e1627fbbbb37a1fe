// Deliver: one render, every destination's file, measured and checked; the ZIP is in zip.ts (loaded when used).
export { deliver, masterSpec, sha256Hex, DELIVERY_RENDER_RATE } from './deliver.js';
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
export { deliveryId3, deliveryWavMetadata, type DeliveryTagSource } from './tags.js';
