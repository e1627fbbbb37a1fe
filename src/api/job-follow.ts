// What following a job takes, for `ServiceClient`: its `poll_url` checked, the poller, and one poller per job
// across tabs. A chunk of its own in the CDN build, fetched by the first job a client follows.
export { checkPollUrl } from './poll-url.js';
export { createJobLock } from './job-lock.js';
export { JobPoller } from './poller.js';
