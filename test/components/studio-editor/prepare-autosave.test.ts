// What create() starts before the editor renders, for its autosave: the module, the database and the draft.
import { expect } from '@open-wc/testing';
import { prepareAutosave } from '../../../src/session/editor-session.js';
import { resolveConfig } from '../../../src/config/validate.js';
import type { StudioConfig } from '../../../src/config/types.js';
import { prefetchDraft } from '../../../src/model/persistence/draft-prefetch.js';
import { draftKey, openDraftDb, writeDraft } from '../../../src/model/persistence/idb.js';
import { sampleProject } from '../../model/fixtures.js';
import { testAuth } from '../../support/auth.js';
import { USER_ID_STORAGE_KEY } from '../../../src/auth/user-id.js';
import { resolveProjectId } from '../../../src/model/project-id.js';

const config = (project: StudioConfig['project'], userId: string | undefined = 'u-prepare'): StudioConfig => ({ api: { baseUrl: 'https://api.example' }, auth: { ...testAuth(), ...(userId === undefined ? {} : { userId }) }, project });

/** Stores a draft titled `title` for `userId`'s project `projectId` in the editor's database, over `revision`. */
async function store(userId: string, projectId: string, title: string, revision = 0): Promise<void> {
  const db = await openDraftDb();
  const doc = { ...sampleProject(), project_id: projectId, title };
  await writeDraft(db, { key: draftKey(userId, projectId), userId, projectId, revision, savedAt: new Date().toISOString(), cleanExit: true, tabId: 'other', doc }, revision);
  db.close();
}

describe('prepareAutosave', () => {
  it('starts nothing when autosave is off', () => {
    expect(prepareAutosave(resolveConfig(config({ id: 'p', autosave: false })))).to.equal(undefined);
  });

  it('has the draft of the given user and project read when it settles, for the session’s prefetch to take', async () => {
    const projectId = `p-${crypto.randomUUID()}`;
    await store('u-prepare', projectId, 'Read before the first render');
    const ahead = prepareAutosave(resolveConfig(config({ id: projectId })))!;
    await ahead.settled;
    // Stored over since: the prefetch's record is the one read ahead.
    await store('u-prepare', projectId, 'Stored since', 1);
    const prefetch = prefetchDraft(Promise.resolve({ userId: 'u-prepare', projectId }));
    ahead.close();
    const { record } = await prefetch.draft;
    expect((record?.doc as { title: string }).title).to.equal('Read before the first render');
    (await prefetch.db).close();
  });

  it('reads ahead the draft of an anonymous user back with the id and the project of an earlier visit', async () => {
    const before = localStorage.getItem(USER_ID_STORAGE_KEY);
    const userId = `anon-${crypto.randomUUID().replaceAll('-', '')}`;
    localStorage.setItem(USER_ID_STORAGE_KEY, userId);
    try {
      const projectId = resolveProjectId(undefined, userId);
      await store(userId, projectId, 'An earlier visit');
      const anonymous: StudioConfig = { api: { baseUrl: 'https://api.example' }, auth: testAuth() };
      const ahead = prepareAutosave(resolveConfig(anonymous))!;
      await ahead.settled;
      await store(userId, projectId, 'Stored since', 1);
      const prefetch = prefetchDraft(Promise.resolve({ userId, projectId }));
      ahead.close();
      const { record } = await prefetch.draft;
      expect((record?.doc as { title: string }).title).to.equal('An earlier visit');
      (await prefetch.db).close();
    } finally {
      if (before === null) localStorage.removeItem(USER_ID_STORAGE_KEY);
      else localStorage.setItem(USER_ID_STORAGE_KEY, before);
    }
  });
});
