import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { createProject, type ProjectDocument, type VoiceClip } from '../../../src/model/document.js';
import { editorReducer, initialEditorState } from '../../../src/model/editor-state.js';
import { asset, clip } from '../../model/fixtures.js';

/** A project with three section clips of 3.2 s at 0, 3.7 and 7.4 s (gaps of 0.5 s). */
function threeClips(): ProjectDocument {
  const base = createProject({ projectId: 'p', title: 'T', duration: 30 });
  return {
    ...base,
    script: { sections: [{ id: 'hook', label: 'Hook', text: 'a' }, { id: 'body', label: 'Body', text: 'b' }, { id: 'cta', label: 'CTA', text: 'c' }] },
    clips: [clip('h', 'hook', 0), clip('b', 'body', 3.7), clip('c', 'cta', 7.4)],
    assets: [asset('a-h'), asset('a-b'), asset('a-c')],
  };
}

const starts = (doc: ProjectDocument) => doc.clips.map((c: VoiceClip) => Number(c.start.toFixed(3)));

describe('clips never collide (issue 15)', () => {
  it('a longer take of a section moves the clips after it by the difference, keeping the gaps', () => {
    const state = initialEditorState(threeClips());
    const longer = { ...asset('a-b2'), duration_s: 4.5 };
    const next = editorReducer(state, { type: 'voiceover/received', asset: longer, sectionId: 'body', source: null, clipId: 'b2' });
    expect(starts(next.project)).to.deep.equal([0, 3.7, 8.7]);
    // And a shorter one pulls them back.
    const shorter = { ...asset('a-b3'), duration_s: 2 };
    const back = editorReducer(next, { type: 'voiceover/received', asset: shorter, sectionId: 'body', source: null, clipId: 'b3' });
    expect(starts(back.project)).to.deep.equal([0, 3.7, 6.2]);
    // One undo step each.
    expect(back.history.pastDepth).to.equal(2);
  });

  it('re-space lays the voice clips end to end in script order with an even gap, as one undo step', () => {
    const messy = { ...threeClips(), clips: [clip('c', 'cta', 2), clip('h', 'hook', 1), clip('b', 'body', 9)] };
    const next = editorReducer(initialEditorState(messy), { type: 'clips/respace', gap: 0.3 });
    const byId = Object.fromEntries(next.project.clips.map((c) => [c.id, Number(c.start.toFixed(3))]));
    expect(byId).to.deep.equal({ h: 1, b: 4.5, c: 8 });
    expect(next.history.pastDepth).to.equal(1);
    // Already spaced: nothing happens, no step.
    expect(editorReducer(next, { type: 'clips/respace', gap: 0.3 })).to.equal(next);
  });

  it('choosing a recommendation with a duration sets both in one step', () => {
    const doc = { ...createProject({ projectId: 'p', title: 'T', duration: 30 }), recommendations: { items: [{ recommendation_id: 'r', title: 'R', script: { sections: [{ id: 's', label: 'S', text: 'x' }] }, voice: { voice_id: 'v', name: 'V', language: 'en' }, music: { track_id: 't', title: 't', style: 'pop' }, duration_s: 15 }], chosen: null } };
    const next = editorReducer(initialEditorState(doc), { type: 'recommendation/choose', id: 'r', duration: 15 });
    expect([next.project.duration, next.project.recommendations.chosen, next.history.pastDepth]).to.deep.equal([15, 'r', 1]);
  });
});
