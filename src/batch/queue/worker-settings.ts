/// <reference types="node" />
// What a worker hands its sandboxed processes: they are forked (a crash takes down one job, not the worker), so
// nothing passes by closure. The settings go in an environment variable of the fork, never in Redis: the API key
// stays on the machine that runs the worker.

/** The environment variable of a sandboxed process that holds its `WorkerSettings` as JSON. */
export const WORKER_SETTINGS_ENV = 'STUDIO_BATCH_WORKER';

/** What every row job of a worker renders with. */
export interface WorkerSettings {
  /** The Redis of the queue (the voice-over rate is kept there too). */
  readonly queue: string;
  /** The voice service, as the editor's `api.baseUrl`. */
  readonly baseUrl: string;
  /** The account API key, sent as `x-api-key` on /v1/* only. */
  readonly apiKey: string;
  /** The batch config file (`--config`, an absolute path): adapters, paths and extra destinations. */
  readonly configFile?: string;
  /** Voice-over requests per second across every worker; absent: no limit. */
  readonly voiceRate?: number;
}

/** The settings of this sandboxed process; throws, naming the variable, when it was not started by a worker. */
export function workerSettings(env: NodeJS.ProcessEnv = process.env): WorkerSettings {
  const raw = env[WORKER_SETTINGS_ENV];
  if (raw === undefined) throw new Error(`${WORKER_SETTINGS_ENV} is not set: the row processor runs inside \`studio-batch worker\`, which sets it.`);
  return JSON.parse(raw) as WorkerSettings;
}
