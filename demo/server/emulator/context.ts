// What an operation handler gets, and the job-start helper they share.
import type { JobAccepted, Usage } from '../../../src/api/contract.js';
import type { OperationAnswer } from './answer.js';
import { readWebhook } from './webhooks.js';
import type { EmulatorState } from './state.js';

export interface OperationContext {
  state: EmulatorState;
  /** The user the request acts for (from the token), or the account with `x-api-key`. */
  userId: string;
  body: Record<string, unknown>;
}

/**
 * Starts a job for `ctx.userId` that costs `cost` credits (checked now, charged on success) and answers 202 with
 * `poll_url`. `webhook` of the body, if any, receives the terminal record.
 */
export function startJob<R extends object>(
  ctx: OperationContext,
  options: { operation: string; projectId: string; cost: number; stages: string[]; work: () => Promise<R> },
): OperationAnswer {
  const { state, userId } = ctx;
  const webhook = readWebhook(ctx.body['webhook']);
  state.credits.ensure(userId, options.cost);
  const jobId = state.jobs.start({
    userId,
    stages: options.stages,
    work: async () => {
      const result = await options.work();
      const usage: Usage = state.credits.charge(userId, options.cost, options.operation, options.projectId);
      return { result: { ...result, usage }, usage };
    },
    onTerminal: webhook ? (record) => state.webhooks.send(webhook, record) : undefined,
  });
  const body: JobAccepted = { poll_url: `${state.baseUrl}/v1/jobs/${jobId}`, job_id: jobId, status: 'queued' };
  return { status: 202, body };
}
