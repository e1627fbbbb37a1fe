import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import type { AssetMetadata } from '../../../src/api/contract.js';
import { createProject, type ProjectDocument, type VoiceClip } from '../../../src/model/document.js';
import { GAP, LEAD_IN, placeTake, sectionSpokenText, staleSections, textPronunciations } from '../../../src/script/voiceover.js';

const asset = (id: string, duration: number): AssetMetadata => ({ asset_id: id, kind: 'voice', url: `/v1/assets/${id}`, mime_type: 'audio/wav', duration_s: duration });

const clip = (id: string, sectionId: string, start: number, source: VoiceClip['source']): VoiceClip => ({
  id,
  sectionId,
  assetId: `a-${id}`,
  url: `/v1/assets/a-${id}`,
  start,
  gain: 0,
  trimIn: 0.1,
  trimOut: 0.2,
  fadeIn: 0,
  fadeOut: 0,
  source,
});

function project(): ProjectDocument {
  const base = createProject({ projectId: 'p', title: 'T', duration: 30, voice: 'ava', speed: 1 });
  return {
    ...base,
    script: {
      sections: [
        { id: 's1', label: 'Hook', text: 'One.' },
        { id: 's2', label: 'Body', text: 'Two.', voice: 'sam' },
        { id: 's3', label: 'Offer', text: 'Three.' },
        { id: 's4', label: 'Empty', text: '   ' },
      ],
    },
    clips: [clip('c1', 's1', 1, { text: 'One.', voice: 'ava', speed: 1 }), clip('c2', 's2', 5, { text: 'Two.', voice: 'ava', speed: 1 })],
    assets: [asset('a-c1', 2.3), asset('a-c2', 3)],
  };
}

describe('voice-over bookkeeping', () => {
  it('re-renders only sections whose text, voice or speed changed, or that have no take', () => {
    const p = project();
    expect([...staleSections(p)]).to.deep.equal(['s2', 's3']);
    const faster = { ...p, voice: { ...p.voice, speed: 1.2 } };
    expect([...staleSections(faster)]).to.deep.equal(['s1', 's2', 's3']);
    const edited = { ...p, script: { sections: p.script.sections.map((s) => (s.id === 's1' ? { ...s, text: 'One!' } : s)) } };
    expect(staleSections(edited).has('s1')).to.equal(true);
  });

  it('makes stale only the sections whose applying pronunciation entries changed', () => {
    const base = project();
    const entry = { text: 'One', say: 'won' };
    // s1 was voiced with the entry that applies to "One."; s2 and s3 are stale already (voice, no take).
    const p: ProjectDocument = { ...base, pronunciations: [entry], clips: base.clips.map((c) => (c.sectionId === 's1' ? { ...c, source: { ...c.source!, pronunciations: [entry] } } : c)) };
    expect([...staleSections(p)]).to.deep.equal(['s2', 's3']);
    // An entry for another section's word, or for no section's word, leaves s1 alone; changing its entry does not.
    expect([...staleSections({ ...p, pronunciations: [entry, { text: 'Three', say: 'tree' }] })]).to.deep.equal(['s2', 's3']);
    const changed = { ...p, pronunciations: [{ text: 'one', say: 'wun' }] };
    expect([...staleSections(changed)]).to.deep.equal(['s1', 's2', 's3']);
    expect([...staleSections({ ...p, pronunciations: [entry, { text: 'Nowhere', say: 'x' }] })]).to.deep.equal(['s2', 's3']);
    expect([...staleSections({ ...p, pronunciations: [] })]).to.deep.equal(['s1', 's2', 's3']);
    // The host's brand list counts too, and its entry wins over the project's for the same text.
    expect([...staleSections(p, [{ text: 'ONE', say: 'the number one' }])]).to.deep.equal(['s1', 's2', 's3']);
    expect([...staleSections({ ...p, pronunciations: [] }, [entry])]).to.deep.equal(['s2', 's3']);
  });

  it('compares each take with its section as spoken: a new sample makes stale only the sections that use the slot', () => {
    const base = createProject({ projectId: 'p', title: 'T', duration: 30, voice: 'ava', speed: 1 });
    const source = (text: string) => ({ text, voice: 'ava', speed: 1 });
    const p: ProjectDocument = {
      ...base,
      slots: [
        { name: 'price', sample: '59.99' },
        { name: 'product_name', sample: 'Trail shoes', say: 'trail shoes' },
      ],
      script: {
        sections: [
          { id: 's1', label: 'Hook', text: 'Meet {{product_name}}.' },
          { id: 's2', label: 'Body', text: 'Only {{price}}, write \\{{ to type braces.' },
          { id: 's3', label: 'Call', text: 'Buy {{offer_code}} now.' },
          { id: 's4', label: 'Plain', text: 'No slot here.' },
        ],
      },
      clips: [
        clip('c1', 's1', 1, source('Meet trail shoes.')),
        clip('c2', 's2', 4, source('Only 59.99, write {{ to type braces.')),
        clip('c3', 's3', 7, source('Buy offer code now.')),
        clip('c4', 's4', 9, source('No slot here.')),
      ],
    };
    expect([...staleSections(p)]).to.deep.equal([]);
    const priced = (sample: string): ProjectDocument => ({ ...p, slots: p.slots.map((slot) => (slot.name === 'price' ? { ...slot, sample } : slot)) });
    expect([...staleSections(priced('49.99'))]).to.deep.equal(['s2']);
    expect([...staleSections(priced(''))]).to.deep.equal(['s2']);
    expect([...staleSections({ ...p, slots: [...p.slots, { name: 'offer_code', sample: 'SAVE10' }] })]).to.deep.equal(['s3']);
    // A take voiced from the text as written (before slots were read) is out of date; a plain section is not.
    const literal = { ...p, clips: p.clips.map((c) => ({ ...c, source: { ...c.source!, text: p.script.sections.find((section) => section.id === c.sectionId)!.text } })) };
    expect([...staleSections(literal)]).to.deep.equal(['s1', 's2', 's3']);
    expect(sectionSpokenText(p, p.script.sections[1]!)).to.equal('Only 59.99, write {{ to type braces.');
  });

  it('applies pronunciations to the section as spoken: an entry for a sample applies, one for the slot name does not', () => {
    const base = createProject({ projectId: 'p', title: 'T', duration: 30, voice: 'ava', speed: 1 });
    const p: ProjectDocument = { ...base, slots: [{ name: 'brand', sample: 'Xiaomi' }], script: { sections: [{ id: 's1', label: 'Hook', text: 'Meet {{brand}}.' }] } };
    expect(textPronunciations(p, sectionSpokenText(p, p.script.sections[0]!), [{ text: 'Xiaomi', say: 'shao-mee' }, { text: 'brand', say: 'x' }])).to.deep.equal([{ text: 'Xiaomi', say: 'shao-mee' }]);
  });

  it('puts a new take where the old one was, or after the previous section, or at the lead-in', () => {
    const p = project();
    expect(placeTake(p, 's2')).to.equal(5);
    expect(placeTake(p, 's3')).to.be.closeTo(5 + (3 - 0.1 - 0.2) + GAP, 1e-9);
    expect(placeTake({ ...p, clips: [] }, 's3')).to.equal(LEAD_IN);
  });
});
