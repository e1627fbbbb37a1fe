import type { ExportFormat } from '../config/types.js';
import type { LoudnessMeasurement } from '../audio/dsp/loudness.js';
import type { ComplianceResult } from '../audio/dsp/presets.js';

/** Detail of `studio-export`. */
export interface StudioExportDetail {
  /** The exported file. */
  readonly blob: Blob;
  readonly format: ExportFormat;
  /** From the project's title: `spring-sale.wav`. */
  readonly fileName: string;
  /** Measurement of the master (for MP3: before lossy encoding). */
  readonly measurement: LoudnessMeasurement;
  /** The master against the delivery preset. */
  readonly compliance?: ComplianceResult;
}

/** Fired after each export (`element.export()`, `handle.export()`), with the file and its loudness figures. */
export class StudioExportEvent extends Event {
  readonly detail: StudioExportDetail;

  constructor(detail: StudioExportDetail) {
    super('studio-export', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'studio-export': StudioExportEvent;
  }
}
