import type { DeliveryManifest } from '../delivery/types.js';

/** Detail of `studio-deliver`. */
export interface StudioDeliverDetail {
  /** What was delivered: each file with its figures and rules, the files left out, the stems, the campaign fields. */
  readonly manifest: DeliveryManifest;
  /** The ZIP: each destination's file, `manifest.json`, `report.html` and the stems when asked. */
  readonly zip: Blob;
  /** The ZIP's file name: `brewline_spring-sale_30s_delivery.zip`. */
  readonly fileName: string;
}

/** Fired after each delivery (`element.deliver()`, `handle.deliver()`, the Deliver panel), with its manifest. */
export class StudioDeliverEvent extends Event {
  readonly detail: StudioDeliverDetail;

  constructor(detail: StudioDeliverDetail) {
    super('studio-deliver', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'studio-deliver': StudioDeliverEvent;
  }
}
