// The editor session's feed runs (session/editor-session.ts `feed`), as the Feed panel asks them: each call
// reaches the runs with all it was given, so "Deliver the rows" in two versions is priced for both.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EditorServices } from '../../../src/api/create-services.js';
import type { ProjectDocument } from '../../../src/model/document.js';
import { createEditorStore } from '../../../src/model/editor-state.js';
import { projectReducer } from '../../../src/model/reducer.js';
import { openContent } from '../../../src/model/versions.js';
import { EditorSession } from '../../../src/session/editor-session.js';
import { feedHost } from '../support/feed-template.js';

/** The template with a second version, v2, whose Hook says something else (v1 open). */
function twoVersions(project: ProjectDocument): ProjectDocument {
  const alternate = { ...openContent(project), script: { sections: project.script.sections.map((section) => (section.id === 'hook' ? { ...section, text: 'Summer is calling.' } : section)) } };
  return projectReducer(projectReducer(project, { type: 'version/add', version: { id: 'v2', label: 'Alt hook' }, content: alternate }), { type: 'version/open', id: 'v1' });
}

describe('EditorSession feed', () => {
  it('prices the rows in every version asked for, as the run charges them', async () => {
    const { host } = feedHost({ change: twoVersions });
    const store = createEditorStore({ project: host.project() });
    const session = new EditorSession({
      store,
      hooks: {
        changed: () => undefined,
        dispatch: () => undefined,
        error: () => undefined,
        // The project never starts: the store keeps the template.
        firstPaint: () => new Promise(() => undefined),
        rendered: () => Promise.resolve(),
        ready: () => undefined,
        untitled: () => 'Untitled',
        connected: () => true,
      },
      createServices: () => ({ session: { userId: () => Promise.resolve('u1') }, client: host.client(), dispose: () => undefined }) as unknown as EditorServices,
    });
    session.apply({ api: { baseUrl: 'https://api.example.com' }, auth: { userId: 'u1', getToken: () => 't', refreshToken: () => 't' }, project: { id: 'p1', autosave: false } });
    try {
      // v1: HJ-300's Body (12 spoken words, 2 credits), at most its 3 sections again (6). v2 besides: its own Hook
      // (2 credits; the same Body once), at most its 3 sections again too.
      assert.deepEqual(await session.feed.price(['HJ-300']), { credits: 2, most: 8 });
      assert.deepEqual(await session.feed.price(['HJ-300'], ['v1', 'v2']), { credits: 4, most: 16 });
    } finally {
      session.release();
    }
  });
});
