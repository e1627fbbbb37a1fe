import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import type { ServiceClient } from '../../../src/api/client.js';
import type { AssetMetadata, FormatRequest, VoiceoverRequest } from '../../../src/api/contract.js';
import { StudioApiError } from '../../../src/api/errors.js';
import { VersionMaker, duplicateVersion, keptSections, versionPrice, versionRefusal, type VersionMakerHost } from '../../../src/session/make-version.js';
import { barSeconds, fitBed } from '../../../src/model/bed-fit.js';
import { createEditorStore, type EditorStore } from '../../../src/model/editor-state.js';
import type { ProjectDocument, VoiceClip } from '../../../src/model/document.js';
import { sampleProject } from '../../model/fixtures.js';

const voiceAsset = (id: string, seconds: number): AssetMetadata => ({ asset_id: id, kind: 'voice', url: `https://cdn.example/${id}.wav`, mime_type: 'audio/wav', duration_s: seconds });
const take = (id: string, sectionId: string, text: string, start: number): VoiceClip => ({
  id, sectionId, assetId: `a-${id}`, url: `https://cdn.example/a-${id}.wav`, start, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, source: { text, voice: 'v-anna', speed: 1 },
});

/** A voiced :30: hook, body (three sentences), call to action, each with its take. */
function voicedAd(): ProjectDocument {
  const sections = [
    { id: 'hook', label: 'Hook', text: 'Acme presents cold brew.' },
    { id: 'body', label: 'Body', text: 'It is smooth. It is strong. It keeps for a week.' },
    { id: 'cta', label: 'Call to action', text: 'Order now at acme.example.' },
  ];
  const base = sampleProject();
  return {
    ...base,
    voice: { ...base.voice, voice: 'v-anna' },
    script: { sections },
    clips: [take('c-hook', 'hook', sections[0]!.text, 0.5), take('c-body', 'body', sections[1]!.text, 3), take('c-cta', 'cta', sections[2]!.text, 9)],
    assets: [voiceAsset('a-c-hook', 2), voiceAsset('a-c-body', 5.5), voiceAsset('a-c-cta', 2.2)],
  };
}

/** A service whose format drops the body's last sentence, and counts what it is asked. */
function fakeService(options: { failVoiceFor?: Set<string>; cannotFit?: string } = {}) {
  const formats: FormatRequest[] = [];
  const voiceovers: VoiceoverRequest[] = [];
  const client: Pick<ServiceClient, 'format' | 'voiceover'> = {
    format: async (request) => {
      formats.push(request);
      if (options.cannotFit) throw new StudioApiError('bad-request', 'Formatting failed', { status: 422, serviceCode: 'cannot_fit', serviceMessage: options.cannotFit });
      return { sections: request.sections.map((s) => (s.id === 'body' ? { ...s, text: 'It is smooth.' } : s)), estimated_duration_s: 6, summary: 'shortened Body by 3.0 s', usage: { credits_used: 1 } };
    },
    voiceover: async (request) => {
      voiceovers.push(request);
      if (options.failVoiceFor?.has(request.section_id!)) throw new StudioApiError('server-error', 'boom', { status: 500, recoverable: true });
      return { asset: voiceAsset(`new-${request.section_id}-${voiceovers.length}`, 1.5), usage: { credits_used: 1 } };
    },
  };
  return { client, formats, voiceovers };
}

function hostOf(store: EditorStore, client: VersionMakerHost['client']): VersionMakerHost {
  return { client, project: () => store.getState().project, dispatch: (action) => store.dispatch(action) };
}

describe('make a version', () => {
  it('fits keeping the call to action, voices only the changed section, lays the takes end to end, adds one undo step', async () => {
    const store = createEditorStore({ project: voicedAd() });
    const service = fakeService();
    const outcome = await new VersionMaker(hostOf(store, service.client), store.getState().project, 15).run(new AbortController().signal);
    expect(outcome.ok).to.equal(true);
    if (!outcome.ok) return;
    expect(service.formats[0]!.keep_section_ids).to.deep.equal(['cta']);
    expect(service.voiceovers.map((request) => request.section_id)).to.deep.equal(['body']);
    expect([outcome.version.voiced, outcome.version.reused]).to.deep.equal([1, 2]);
    const doc = store.getState().project;
    expect(doc.versions.map((v) => v.id)).to.deep.equal(['v1', 'v2']);
    expect(doc.openVersion).to.equal('v2');
    expect(doc.duration).to.equal(15);
    expect(doc.clips.map((clip) => [clip.id, clip.start])).to.deep.equal([['c-hook', 0.5], ['c-body', 2.8], ['c-cta', 4.6]]);
    expect(doc.clips.find((clip) => clip.id === 'c-cta')!.assetId).to.equal('a-c-cta');
    expect(outcome.version.fits).to.equal(true);
    expect(Math.round(outcome.version.speechEnd * 10) / 10).to.equal(6.8);
    store.dispatch({ type: 'history/undo' });
    expect(store.getState().project.versions.map((v) => v.id)).to.deep.equal(['v1']);
    expect(store.getState().project.duration).to.equal(30);
  });

  it("voices the changed section with the host's pronunciations that apply to it, and records them on the take", async () => {
    const store = createEditorStore({ project: voicedAd() });
    const service = fakeService();
    const host = { ...hostOf(store, service.client), brand: [{ text: 'smooth', say: 'smoooth' }] };
    const outcome = await new VersionMaker(host, store.getState().project, 15).run(new AbortController().signal);
    expect(outcome.ok).to.equal(true);
    expect(service.voiceovers.map((request) => [request.section_id, request.pronunciations])).to.deep.equal([['body', [{ text: 'smooth', say: 'smoooth' }]]]);
    const body = store.getState().project.clips.find((clip) => clip.sectionId === 'body')!;
    expect(body.source!.pronunciations).to.deep.equal([{ text: 'smooth', say: 'smoooth' }]);
  });

  it('voices each section as spoken, its {{slots}} read as their samples: a take of the same sample is reused', async () => {
    const ad = voicedAd();
    const hook = { ...ad.script.sections[0]!, text: 'Acme presents {{product_name}}.' };
    const withSlot = (sample: string): ProjectDocument => ({ ...ad, slots: [{ name: 'product_name', sample }], script: { sections: [hook, ...ad.script.sections.slice(1)] } });
    // The hook's take says "Acme presents cold brew.": with that sample it is up to date, with another it is not.
    for (const [sample, voiced] of [['cold brew', ['body']], ['iced tea', ['hook', 'body']]] as const) {
      const store = createEditorStore({ project: withSlot(sample) });
      const service = fakeService();
      const outcome = await new VersionMaker(hostOf(store, service.client), store.getState().project, 15).run(new AbortController().signal);
      expect(outcome.ok).to.equal(true);
      expect(service.voiceovers.map((request) => request.section_id)).to.deep.equal(voiced);
      expect(service.formats[0]!.sections[0]!.text).to.equal('Acme presents {{product_name}}.');
      const clip = store.getState().project.clips.find((item) => item.sectionId === 'hook')!;
      expect(clip.source!.text).to.equal(`Acme presents ${sample}.`);
      if (voiced.length === 2) expect(service.voiceovers[0]!.text).to.equal('Acme presents iced tea.');
    }
  });

  it('a failed take adds nothing; Try again voices only what is missing', async () => {
    const doc = voicedAd();
    const store = createEditorStore({ project: { ...doc, voice: { ...doc.voice, speed: 1.1 } } });
    const failing = new Set(['body']);
    const service = fakeService({ failVoiceFor: failing });
    const maker = new VersionMaker(hostOf(store, service.client), store.getState().project, 10);
    const first = await maker.run(new AbortController().signal);
    expect(first.ok).to.equal(false);
    if (first.ok) return;
    expect(first.failure.kind).to.equal('take');
    expect(store.getState().project.versions.length).to.equal(1);
    failing.clear();
    const second = await maker.run(new AbortController().signal);
    expect(second.ok).to.equal(true);
    // hook voiced once, body twice (failed then made), cta once; one format only.
    expect(service.voiceovers.map((request) => request.section_id)).to.deep.equal(['hook', 'body', 'body', 'cta']);
    expect(service.formats.length).to.equal(1);
  });

  it('cancel adds nothing', async () => {
    const store = createEditorStore({ project: voicedAd() });
    const controller = new AbortController();
    const service = fakeService();
    const host = { ...hostOf(store, service.client), onStep: (step: { stage: string }) => step.stage === 'voice' && controller.abort(new DOMException('Cancelled', 'AbortError')) };
    const outcome = await new VersionMaker(host, store.getState().project, 15).run(controller.signal).then(() => 'resolved', (error: { name?: string }) => error.name);
    expect(outcome).to.equal('AbortError');
    expect(store.getState().project.versions.length).to.equal(1);
  });

  it('shows the service answer when it cannot fit the script', async () => {
    const store = createEditorStore({ project: voicedAd() });
    const service = fakeService({ cannotFit: 'the Call to action alone takes 7.4 s' });
    const outcome = await new VersionMaker(hostOf(store, service.client), store.getState().project, 6).run(new AbortController().signal);
    expect(outcome.ok ? '' : outcome.failure.kind).to.equal('cannot-fit');
    expect(outcome.ok || outcome.failure.kind !== 'cannot-fit' ? '' : outcome.failure.answer).to.equal('the Call to action alone takes 7.4 s');
    expect(store.getState().project.versions.length).to.equal(1);
  });

  it('refuses a length outside 5 to 600 s, a locked length, and a call to action too long for the length', () => {
    const doc = voicedAd();
    expect(versionRefusal(doc, 4)).to.deep.equal({ kind: 'length', min: 5, max: 600 });
    expect(versionRefusal(doc, 601)).to.deep.equal({ kind: 'length', min: 5, max: 600 });
    expect(versionRefusal(doc, 15)).to.equal(undefined);
    expect(versionRefusal({ ...doc, locks: { duration: { reason: 'Sold as a :30' } } }, 15)).to.deep.equal({ kind: 'locked', reason: 'Sold as a :30' });
    const long = { ...doc, script: { sections: [...doc.script.sections.slice(0, 2), { id: 'cta', label: 'Call to action', text: 'Order now at acme dot example, or call us free on the number on your screen, any day of the week.' }] } };
    const refusal = versionRefusal(long, 6);
    expect(refusal?.kind).to.equal('kept-too-long');
    expect(refusal?.kind === 'kept-too-long' ? refusal.label : '').to.equal('Call to action');
  });

  it('keeps the brand line, the call to action, locked sections and sections with slots; prices the most it may cost', () => {
    const doc = voicedAd();
    const branded = { ...doc, script: { sections: [{ ...doc.script.sections[0]!, label: 'Brand line' }, { ...doc.script.sections[1]!, locked: true as const }, doc.script.sections[2]!] } };
    expect(keptSections(branded).map((s) => s.id)).to.deep.equal(['hook', 'body', 'cta']);
    expect(keptSections(doc).map((s) => s.id)).to.deep.equal(['cta']);
    // A section holding a slot is kept word for word: a fit could reword or drop the placeholder a feed fills.
    const slotted = { ...doc, script: { sections: doc.script.sections.map((s) => (s.id === 'body' ? { ...s, text: 'Only {{price}} today.' } : s)) } };
    expect(keptSections(slotted).map((s) => s.id)).to.deep.equal(['body', 'cta']);
    expect(keptSections({ ...doc, script: { sections: doc.script.sections.map((s) => (s.id === 'body' ? { ...s, text: 'Only \\{{price}} today.' } : s)) } }).map((s) => s.id)).to.deep.equal(['cta']);
    expect(versionPrice(doc, undefined)).to.equal(undefined);
    // format 1 + hook and body voiced again at most (cta is kept and voiced): 1 + 2 + 2.
    expect(versionPrice(doc, { operations: { format: { base: 1 }, voiceover: { base: 2 } } })).to.equal(5);
    // A fit the service states no price for: nothing said, not a price without it.
    expect(versionPrice(doc, { operations: { voiceover: { base: 2 } } })).to.equal(undefined);
  });

  it('duplicates the open version as an alternate in one step', () => {
    const store = createEditorStore({ project: voicedAd() });
    const id = duplicateVersion({ project: () => store.getState().project, dispatch: (action) => store.dispatch(action) }, 'Alt B');
    const doc = store.getState().project;
    expect([id, doc.openVersion, doc.versions[1]!.label, doc.clips.length, doc.duration]).to.deep.equal(['v2', 'v2', 'Alt B', 3, 30]);
  });
});

describe('fitBed', () => {
  const bed = sampleProject().music!;
  it('leaves a bed without a tempo as it was (its fade ends on the last sample)', () => {
    expect(fitBed(bed, 15)).to.equal(bed);
    expect(fitBed(null, 15)).to.equal(null);
  });
  it('with a tempo, ends the ad on a bar line and fades within one bar', () => {
    const tempo = { ...bed, loop: false, offset: 1, track: { ...bed.track!, tempo_bpm: 120, duration_s: 90 } };
    const bar = barSeconds(tempo)!;
    expect(bar).to.equal(2);
    for (const seconds of [6, 10, 15, 15.3, 30, 60]) {
      const fitted = fitBed(tempo, seconds)!;
      const end = fitted.offset + seconds;
      expect(Math.abs(end / bar - Math.round(end / bar)), `${seconds} s ends on a bar`).to.be.below(1e-6);
      expect(Math.abs(fitted.offset - tempo.offset), `${seconds} s moves less than a bar`).to.be.below(bar);
      expect(fitted.fadeOut).to.be.at.most(bar);
    }
  });
});
