// What the service client's calls take beyond their signatures, for `ServiceClient`: the host's adapters and the
// check of every result against its typed shape (`api.operations`), a start sent again after a 429, a 503 or a
// lost answer (with its idempotency key), the words of a failed call, the voice-over's pronunciations, and
// following a job (its `poll_url` checked, the poller, one poller per job across tabs): ./operation-call.ts.
// A chunk of its own in the CDN build: no call is made to paint an editor; the first call fetches it.
export { callOperation, followJob } from './operation-call.js';
export { voiceoverInput } from './pronunciation-field.js';
