// What the service client's calls take beyond a plain request, for `ServiceClient`: a start sent again after a
// 429, a 503 or a lost answer (with its idempotency key), the words of a failed call, the voice-over's
// pronunciations, following a job (its `poll_url` checked, the poller, one poller per job across tabs), and the
// host's adapters with the check of every result against its typed shape (`api.operations`).
// A chunk of its own in the CDN build: no call is made to paint an editor; the first start, library read,
// failed call or job followed fetches it.
export { fetchError, httpError } from './errors.js';
export { checkPollUrl } from './poll-url.js';
export { createJobLock } from './job-lock.js';
export { newIdempotencyKey } from './idempotency-key.js';
export { JobPoller } from './poller.js';
export { voiceoverBody } from './pronunciation-field.js';
export { sendStart } from './start-retry.js';
export { StudioContractError, adaptedJobStatus, checkResult, isJobStart, jobStatusOf, queryOf, runAdapter } from './adapters.js';
