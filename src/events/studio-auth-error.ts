import type { StudioErrorDetail } from './studio-error.js';

/** Detail of `studio-auth-error`: `{ code, message, recoverable, status? }`. Never carries a token. */
export type StudioAuthErrorDetail = StudioErrorDetail;

/**
 * Fired when authentication failed: a `getToken`/`refreshToken` callback threw, rejected, hung past
 * `auth.timeoutMs` or returned something that is not a token, or the service refused a refreshed token.
 * Codes: `auth-invalid-token`, `auth-callback-failed`, `auth-timeout`, `auth-same-token`, `auth-rejected`,
 * `auth-body-not-replayable`. The next request tries again.
 */
export class StudioAuthErrorEvent extends Event {
  readonly detail: StudioAuthErrorDetail;

  constructor(detail: StudioAuthErrorDetail) {
    super('studio-auth-error', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'studio-auth-error': StudioAuthErrorEvent;
  }
}
