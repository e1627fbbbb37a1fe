// A section's direction on the wire: the request's `text` is the plain words and its `ssml` the direction
// (assumed field), sent only when there is direction; `api.direction: 'none'` sends the words only; a `request`
// adapter gets the SSML to map; a take is stale when its section's direction changes. A stubbed fetch records
// exactly what is sent.
import { afterEach, describe, it } from 'node:test';
import sinon from 'sinon';
import { expect } from '../support/expect.js';
import { ServiceClient } from '../../../src/api/client.js';
import type { ServiceClientOptions } from '../../../src/api/client-options.js';
import { DEFAULT_PATHS } from '../../../src/api/contract.js';
import { createJobLock } from '../../../src/api/job-lock.js';
import { resolveConfig } from '../../../src/config/validate.js';
import type { ProjectDocument } from '../../../src/model/document.js';
import { sectionRead, sectionSpokenText, staleSections } from '../../../src/script/voiceover.js';
import { testAuth } from '../../support/auth.js';
import { sampleProject } from '../../model/fixtures.js';

const asset = { asset_id: 'a1', kind: 'voice', url: 'https://api.test/v1/assets/a1', mime_type: 'audio/wav', duration_s: 1 };

function client(options: Partial<ServiceClientOptions> = {}) {
  const bodies: Array<Record<string, unknown>> = [];
  const fetch = sinon.stub().callsFake(async (_input: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return Response.json({ asset });
  });
  const api = new ServiceClient({ fetch, baseUrl: 'https://api.test', paths: { ...DEFAULT_PATHS }, timeoutMs: 30_000, jobDeadlineMs: 600_000, userId: async () => 'u1', lock: createJobLock(null), ...options });
  return { api, bodies };
}

/** The sample project with this section text, its voice's language known, and a slot `price`. */
function project(text: string): ProjectDocument {
  const base = sampleProject();
  return {
    ...base,
    voice: { ...base.voice, voice: 'v-anna', details: { voice_id: 'v-anna', name: 'Anna', language: 'de-DE' }, speed: 1 },
    slots: [{ name: 'price', sample: '14,50 €' }],
    script: { sections: [{ id: 's1', label: 'Hook', text }, base.script.sections[1]!] },
  };
}

describe('direction of a voice-over request', () => {
  afterEach(() => sinon.restore());
  const directedText = 'Nur [[say-as currency: {{price}}]].[[pause 1.0s]] Bei [[emphasis strong: Acme]].';

  it('gives the plain words and the SSML in the voice language, slots filled', () => {
    const doc = project(directedText);
    const section = doc.script.sections[0]!;
    expect(sectionSpokenText(doc, section)).to.equal('Nur 14,50 €. Bei Acme.');
    expect(sectionRead(doc, section)).to.deep.equal({
      text: 'Nur 14,50 €. Bei Acme.',
      ssml: '<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="de-DE">Nur <say-as interpret-as="currency">14,50 €</say-as>.<break time="1.0s"/> Bei <emphasis level="strong">Acme</emphasis>.</speak>',
    });
    expect(sectionRead(doc, doc.script.sections[1]!)).to.deep.equal({ text: 'World' });
  });

  it('sends ssml beside text by default, and only the words with api.direction "none"', async () => {
    const { text, ssml } = sectionRead(project(directedText), { text: directedText });
    const sent = client();
    await sent.api.voiceover({ project_id: 'p1', text, voice_id: 'v-anna', ...(ssml === undefined ? {} : { ssml }) });
    expect(sent.bodies[0]!['text']).to.equal(text);
    expect(sent.bodies[0]!['ssml']).to.equal(ssml);
    const none = client({ direction: 'none' });
    await none.api.voiceover({ project_id: 'p1', text, voice_id: 'v-anna', ssml: ssml! });
    expect(none.bodies[0]).to.not.have.property('ssml');
    expect(none.bodies[0]!['text']).to.equal(text);
  });

  it('respells the SSML as the words with api.pronunciationsField null: the direction says what the text says, escaped', async () => {
    const text = 'Visit Acme & co at [[emphasis strong: Acme]].';
    const read = sectionRead(project(text), { text });
    const sent = client({ pronunciationsField: null });
    await sent.api.voiceover({ project_id: 'p1', text: read.text, ssml: read.ssml!, voice_id: 'v-anna', pronunciations: [{ text: 'Acme', say: 'Ack-mee <x>' }] });
    expect(sent.bodies[0]!['text']).to.equal('Visit Ack-mee <x> & co at Ack-mee <x>.');
    expect(sent.bodies[0]!['ssml']).to.equal(
      '<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="de-DE">Visit Ack-mee &lt;x&gt; &amp; co at <emphasis level="strong">Ack-mee &lt;x&gt;</emphasis>.</speak>',
    );
    expect(sent.bodies[0]!['pronunciations']).to.equal(undefined);
  });

  it('hands the SSML to a request adapter, which maps it to its own markup', async () => {
    const { api, bodies } = client({ operations: { voiceover: { request: (input) => ({ words: (input as { ssml: string }).ssml.replace(/<break time="([\d.]+)s"\/>/g, ' <pause $1> ') }) } } });
    await api.voiceover({ project_id: 'p1', text: 'a b', voice_id: 'v', ssml: '<speak>a<break time="1.0s"/>b</speak>' });
    expect(bodies[0]).to.deep.equal({ words: '<speak>a <pause 1.0> b</speak>' });
  });

  it('makes a take stale when its direction changes though its words do not, and not otherwise', () => {
    const plainDoc = project('Bei Acme.');
    const clips = plainDoc.clips.map((clip) => ({ ...clip, source: { ...clip.source!, text: clip.sectionId === 's1' ? 'Bei Acme.' : 'World' } }));
    expect([...staleSections({ ...plainDoc, clips })]).to.deep.equal([]);
    const withDirection = project('Bei [[emphasis strong: Acme]].');
    expect([...staleSections({ ...withDirection, clips })]).to.deep.equal(['s1']);
    const { ssml } = sectionRead(withDirection, withDirection.script.sections[0]!);
    const voiced = clips.map((clip) => (clip.sectionId === 's1' ? { ...clip, source: { ...clip.source, ssml: ssml! } } : clip));
    expect([...staleSections({ ...withDirection, clips: voiced })]).to.deep.equal([]);
    const moderate = project('Bei [[emphasis moderate: Acme]].');
    expect([...staleSections({ ...moderate, clips: voiced })]).to.deep.equal(['s1']);
  });

  it('reads api.direction: ssml by default, none, and nothing else', () => {
    const origin = { origin: 'https://host.example' };
    expect(resolveConfig({ auth: testAuth() }, origin).api.direction).to.equal('ssml');
    expect(resolveConfig({ auth: testAuth(), api: { direction: 'none' } }, origin).api.direction).to.equal('none');
    expect(() => resolveConfig({ auth: testAuth(), api: { direction: 'markup' } }, origin)).to.throw(/config\.api\.direction/);
  });
});
