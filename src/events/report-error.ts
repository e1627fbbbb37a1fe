import { StudioError } from '../errors.js';
import { printableLines } from '../internal/describe.js';
import { StudioErrorEvent } from './studio-error.js';

/** Failures already written to the console, so each is warned once however often it is shown. */
const warned = new WeakSet<object>();

/**
 * Tells the developer what failed: `studio-error` from `host` (bubbling out of the editor) with the full
 * developer message, and one `console.warn` per failure. The user's words are `describeError`'s.
 */
export function reportError(host: HTMLElement, error: unknown): void {
  const studioError = error instanceof StudioError ? error : undefined;
  const code = studioError?.code ?? (typeof (error as { code?: unknown } | null)?.code === 'string' ? (error as { code: string }).code : 'unknown');
  // A value the message quotes from a file, a feed or a service stays text: no control, escape or bidi character raw.
  const message = printableLines(error instanceof Error ? error.message : String(error));
  const status = studioError?.status;
  host.dispatchEvent(new StudioErrorEvent({ code, message, recoverable: studioError?.recoverable ?? true, ...(status === undefined ? {} : { status }) }));
  if (typeof error === 'object' && error !== null) {
    if (warned.has(error)) return;
    warned.add(error);
  }
  console.warn(`[studio-editor] ${code}: ${message}`);
}
