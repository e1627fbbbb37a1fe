// "Make the ad" through the editor's own path (a service without complete-ad generation): each section's
// voice-over carries the pronunciation entries that apply to it, and its take records them.
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import type { ServiceClient } from '../../src/api/client.js';
import type { Recommendation } from '../../src/api/contract.js';
import { StudioApiError } from '../../src/api/errors.js';
import { makeAdTakes } from '../../src/session/make-ad.js';

const idea: Recommendation = {
  recommendation_id: 'r1',
  title: 'Idea',
  script: { sections: [{ id: 's1', label: 'Hook', text: 'Wake up to Acme.' }, { id: 's2', label: 'Offer', text: 'Ten percent off.' }] },
  voice: { voice_id: 'ava', name: 'Ava', language: 'en-US' },
  music: { track_id: 't1', title: 'T', style: 'calm' },
  duration_s: 14,
};

describe('makeAdTakes: pronunciations and licences', () => {
  afterEach(() => sinon.restore());

  it('sends each section the entries that apply, the brand first, and records them on the take', async () => {
    const generate = sinon.stub().rejects(new StudioApiError('not-found', 'Not found.', { status: 404 }));
    const voiceover = sinon.stub().callsFake(async () => ({ asset: { asset_id: 'a', kind: 'voice', url: '/v1/assets/a', mime_type: 'audio/wav', duration_s: 1 } }));
    const client = { generate, voiceover } as unknown as ServiceClient;
    const brand = [{ text: 'Acme', say: 'ack-mee' }];
    const project = [{ text: 'ACME', say: 'a c m e' }, { text: 'percent', say: 'per cent' }];
    const made = await makeAdTakes(client, 'p1', idea, { signal: new AbortController().signal, onProgress: () => undefined, voicingStage: () => '', pronunciations: { brand, project } });
    expect(made.path).to.equal('voiceover');
    expect(voiceover.getCalls().map((call) => JSON.stringify(call.args[0].pronunciations ?? null))).to.deep.equal([JSON.stringify(brand), JSON.stringify([{ text: 'percent', say: 'per cent' }])]);
    expect(made.takes.map((take) => (take.source.pronunciations ?? []).map((entry) => entry.say).join())).to.deep.equal(['ack-mee', 'per cent']);
  });

  it('voices an idea with {{slots}} itself, each read as its sample (or its name), and records the text as spoken', async () => {
    const generate = sinon.stub().resolves({ voiceovers: [{ asset_id: 'g1' }, { asset_id: 'g2' }] });
    const voiceover = sinon.stub().callsFake(async () => ({ asset: { asset_id: 'a', kind: 'voice', url: '/v1/assets/a', mime_type: 'audio/wav', duration_s: 1 } }));
    const slotted: Recommendation = { ...idea, script: { sections: [{ id: 's1', label: 'Hook', text: 'Wake up to {{brand}}.' }, { id: 's2', label: 'Offer', text: '{{discount_rate}} off.' }] } };
    const made = await makeAdTakes({ generate, voiceover } as unknown as ServiceClient, 'p1', slotted, {
      signal: new AbortController().signal,
      onProgress: () => undefined,
      voicingStage: () => '',
      slots: [{ name: 'brand', sample: 'Acme', say: 'ack-mee' }],
      pronunciations: { brand: [{ text: 'ack-mee', say: 'ACK-mee' }], project: [] },
    });
    expect(generate.callCount).to.equal(0);
    expect(voiceover.getCalls().map((call) => call.args[0].text)).to.deep.equal(['Wake up to ack-mee.', 'discount rate off.']);
    expect(voiceover.firstCall.args[0].pronunciations).to.deep.equal([{ text: 'ack-mee', say: 'ACK-mee' }]);
    expect(made.takes.map((take) => take.source.text)).to.deep.equal(['Wake up to ack-mee.', 'discount rate off.']);
  });

  it('voices the ad itself, not through generation, when an entry applies or the host licenses its voices or music', async () => {
    const voiceover = sinon.stub().callsFake(async () => ({ asset: { asset_id: 'a', kind: 'voice', url: '/v1/assets/a', mime_type: 'audio/wav', duration_s: 1 } }));
    const made = (generate: sinon.SinonStub, options: { pronunciations?: { brand: { text: string; say: string }[]; project: never[] }; licensed?: boolean }) =>
      makeAdTakes({ generate, voiceover } as unknown as ServiceClient, 'p1', idea, { signal: new AbortController().signal, onProgress: () => undefined, voicingStage: () => '', ...options });
    const generated = { voiceovers: [{ asset_id: 'g1' }, { asset_id: 'g2' }] };
    const untouched = sinon.stub().resolves(generated);
    expect((await made(untouched, { pronunciations: { brand: [{ text: 'Zebra', say: 'zeb-ra' }], project: [] } })).path).to.equal('generate');
    for (const options of [{ pronunciations: { brand: [{ text: 'Acme', say: 'ack-mee' }], project: [] } }, { licensed: true }]) {
      const generate = sinon.stub().resolves(generated);
      expect((await made(generate, options)).path, JSON.stringify(options)).to.equal('voiceover');
      expect(generate.callCount).to.equal(0);
    }
  });
});
