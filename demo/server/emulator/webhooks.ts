// Webhook delivery: the terminal JobRecord is POSTed as JSON to the URL the request named. Only loopback
// URLs are accepted (the emulator sends nothing off this machine). A few bounded retries on failure.
import type { JobRecord } from '../../../src/api/contract.js';
import { HttpError, isLoopbackHostname } from '../http.js';

/** One delivery attempt, kept for `GET /__emulator/state`. */
export interface DeliveryLog {
  url: string;
  job_id: string;
  attempts: number;
  delivered: boolean;
  last_status?: number;
}

/** Checks a request's `webhook` field; returns its URL, or undefined when no webhook was asked for. 400 otherwise. */
export function readWebhook(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value) || typeof (value as { url?: unknown }).url !== 'string') {
    throw new HttpError(400, 'invalid_webhook', 'webhook must be an object { url } with an http(s) URL.');
  }
  const raw = (value as { url: string }).url;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HttpError(400, 'invalid_webhook', 'webhook.url must be an absolute http(s) URL.');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new HttpError(400, 'invalid_webhook', 'webhook.url must be an http(s) URL without credentials.');
  }
  if (!isLoopbackHostname(url.hostname)) {
    throw new HttpError(400, 'invalid_webhook', 'webhook.url must be on this machine (localhost, 127.0.0.1 or [::1]): the emulator sends nothing elsewhere.');
  }
  return url.href;
}

export class WebhookSender {
  readonly log: DeliveryLog[] = [];
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #controllers = new Set<AbortController>();

  constructor(private readonly retryDelaysMs: () => number[]) {}

  /** Delivers `record` to `url`: one attempt now, then one after each retry delay, until a 2xx answer. */
  send(url: string, record: JobRecord): void {
    const entry: DeliveryLog = { url, job_id: record.job_id, attempts: 0, delivered: false };
    this.log.push(entry);
    if (this.log.length > 100) this.log.shift();
    const delays = this.retryDelaysMs();
    const attempt = async (): Promise<void> => {
      entry.attempts += 1;
      const controller = new AbortController();
      this.#controllers.add(controller);
      const timeout = setTimeout(() => controller.abort(), 5000);
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'studio-emulator-webhook' },
          body: JSON.stringify(record),
          signal: controller.signal,
          redirect: 'manual',
        });
        await response.body?.cancel();
        entry.last_status = response.status;
        entry.delivered = response.ok;
      } catch {
        entry.last_status = undefined;
      } finally {
        clearTimeout(timeout);
        this.#controllers.delete(controller);
      }
      const delay = delays[entry.attempts - 1];
      if (!entry.delivered && delay !== undefined && !controller.signal.aborted) {
        const timer = setTimeout(() => {
          this.#timers.delete(timer);
          void attempt();
        }, delay);
        this.#timers.add(timer);
      }
    };
    void attempt();
  }

  /** Cancels pending retries and attempts under way, and forgets the log. */
  clear(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const controller of this.#controllers) controller.abort();
    this.log.length = 0;
  }
}
