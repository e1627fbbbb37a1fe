// The pronunciations of a voice-over request on the wire: the assumed field, renamed by api.pronunciationsField,
// or (null) spoken into the text by the editor. A stubbed fetch records exactly what is sent.
import { describe, it, afterEach } from 'node:test';
import { expect } from '../support/expect.js';
import sinon from 'sinon';
import { ServiceClient } from '../../../src/api/client.js';
import { DEFAULT_PATHS, type VoiceoverRequest } from '../../../src/api/contract.js';
import { createJobLock } from '../../../src/api/job-lock.js';
import { brandEntries, requestEntries } from '../../../src/api/pronunciation-field.js';

const asset = { asset_id: 'a1', kind: 'voice', url: 'https://api.test/v1/assets/a1', mime_type: 'audio/wav', duration_s: 1 };

/** A client whose every call answers the finished voice-over at once; `bodies` are the JSON bodies sent. */
function client(pronunciationsField?: string | null) {
  const bodies: Array<Record<string, unknown>> = [];
  const fetch = sinon.stub().callsFake(async (_input: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return Response.json({ asset });
  });
  const api = new ServiceClient({
    fetch,
    baseUrl: 'https://api.test',
    paths: { ...DEFAULT_PATHS },
    timeoutMs: 30_000,
    jobDeadlineMs: 600_000,
    userId: async () => 'u1',
    lock: createJobLock(null),
    ...(pronunciationsField === undefined ? {} : { pronunciationsField }),
  });
  return { api, bodies, fetch };
}

const request: VoiceoverRequest = {
  project_id: 'p1',
  text: 'Order at acme-coffee.com, from Acme.',
  voice_id: 'ava',
  section_id: 's1',
  pronunciations: requestEntries([{ text: 'acme-coffee.com', say: 'acme coffee dot com' }, { text: 'Acme', say: 'ack-mee', caseSensitive: true }]),
};

describe('ServiceClient: pronunciations of a voice-over', () => {
  afterEach(() => sinon.restore());

  it('sends the entries under the assumed field, case_sensitive only where set', async () => {
    const { api, bodies } = client();
    await api.voiceover(request);
    expect(bodies).to.have.length(1);
    expect(bodies[0]!['text']).to.equal(request.text);
    expect(bodies[0]!['pronunciations']).to.deep.equal([{ text: 'acme-coffee.com', say: 'acme coffee dot com' }, { text: 'Acme', say: 'ack-mee', case_sensitive: true }]);
  });

  it('sends them under the name api.pronunciationsField gives', async () => {
    const { api, bodies } = client('lexicon');
    await api.voiceover(request);
    expect(Object.keys(bodies[0]!).sort()).to.deep.equal(['lexicon', 'project_id', 'section_id', 'text', 'voice_id']);
    expect((bodies[0]!['lexicon'] as unknown[]).length).to.equal(2);
  });

  it('with null, sends no field and the text respelled', async () => {
    const { api, bodies } = client(null);
    await api.voiceover(request);
    expect(bodies[0]!['text']).to.equal('Order at acme coffee dot com, from ack-mee.');
    expect(Object.keys(bodies[0]!)).to.not.include('pronunciations');
  });

  it('sends no field when no entry applies', async () => {
    const { api, bodies } = client();
    await api.voiceover({ ...request, pronunciations: [] });
    expect(Object.keys(bodies[0]!)).to.not.include('pronunciations');
  });

  it('converts between the brand entries and the request entries both ways', () => {
    const entries = [{ text: 'US', say: 'you ess', caseSensitive: true }, { text: 'a', say: 'b' }];
    expect(brandEntries(requestEntries(entries))).to.deep.equal(entries);
  });
});
