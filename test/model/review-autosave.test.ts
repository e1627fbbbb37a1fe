// A reviewer's own work survives a reload (issue 42): in the reviewer role, the autosave's "Restore draft" and
// another tab's "Load the newer version" take only the saved copy's review (comments and decisions joined by id,
// none overwritten or dropped), never its content, which a reviewer cannot change.
import { expect } from '@open-wc/testing';
import '../../src/model/review.js';
import type { ProjectDocument } from '../../src/model/document.js';
import { draftKey, openDraftDb, readDraft } from '../../src/model/persistence/idb.js';
import { harness, press, uniqueDb, until, type Harness } from './autosave-support.js';
import { sampleProject } from './fixtures.js';

const DANA = { id: 'u-dana', name: 'Dana Client', role: 'client' };
const at = (minute: number) => `2026-05-01T09:${String(minute).padStart(2, '0')}:00.000Z`;

/** The ids of the comments and decisions of `project`, in order. */
const reviewIds = (project: ProjectDocument) => ({ comments: project.review.comments.map((c) => c.id), decisions: project.review.decisions.map((d) => d.id) });

/** A reviewer's session: the role and the reviewer on the harness's store. */
const asReviewer = (h: Harness) => h.store.dispatch({ type: 'session/role', role: 'reviewer', user: DANA });

describe('a reviewer\'s work and the autosave', () => {
  const open: Harness[] = [];
  afterEach(async () => {
    for (const h of open.splice(0)) await h.autosave.dispose();
  });

  it('reloaded with unsent comments and a decision: Restore brings them back beside the new ones, and keeps the content', async () => {
    const db = uniqueDb();
    // Before the reload: a reviewer comments and decides; the autosave keeps it.
    const before = harness(db, { hostLoaded: true, project: sampleProject({ title: 'The ad' }) });
    await before.autosave.ready;
    asReviewer(before);
    before.store.dispatch({ type: 'review/comment', id: 'k1', at: at(1), body: 'Too fast here', start: 0.5, end: 1 });
    before.store.dispatch({ type: 'review/decide', id: 'd1', at: at(2), label: 'changes-required', note: 'Slower, please.' });
    await until(() => before.saved.length > 0 && before.store.getState().dirty === false, 'the reviewer\'s work to be saved');
    await before.autosave.dispose();

    // The reload: the host loads its copy (without the comments, another title), the draft is offered.
    const after = harness(db, { hostLoaded: true, project: sampleProject({ title: 'The host\'s copy' }) });
    open.push(after);
    await after.autosave.ready;
    asReviewer(after);
    expect(after.notices().map((n) => n.kind)).to.deep.equal(['restore-draft']);
    // Made after the reload, before Restore: kept too.
    after.store.dispatch({ type: 'review/comment', id: 'k2', at: at(3), body: 'The price is hard to hear', start: 0.2, end: 0.4 });
    press(after.autosave, 'restore-draft', 'Restore draft');

    const project = after.store.getState().project;
    expect(reviewIds(project)).to.deep.equal({ comments: ['k1', 'k2'], decisions: ['d1'] });
    expect(project.review.comments[0]!.body).to.equal('Too fast here');
    expect(project.title, 'the content is the one loaded, not the copy\'s').to.equal('The host\'s copy');
    expect(after.store.getState().refusal, 'nothing refused').to.equal(undefined);
    // What is now unsaved (the joined review) is saved.
    await until(() => after.saved.length > 0 && after.store.getState().dirty === false, 'the joined review to be saved');
  });

  it('another tab\'s newer work: Load takes its comments and decisions only, and drops none of the reviewer\'s', async () => {
    const db = uniqueDb();
    const creator = harness(db);
    const reviewer = harness(db);
    open.push(creator, reviewer);
    await Promise.all([creator.autosave.ready, reviewer.autosave.ready]);
    asReviewer(reviewer);

    // The other tab (the same person's, a creator there) comments and edits; it saves first.
    creator.store.dispatch({ type: 'session/role', role: 'creator', user: DANA });
    creator.store.dispatch({ type: 'review/comment', id: 'theirs', at: at(4), body: 'From the other tab', start: 0.2, end: 0.3 });
    creator.store.dispatch({ type: 'project/rename', title: 'Renamed in the other tab' });
    await until(() => creator.saved.length > 0, 'the other tab to save');
    await until(() => reviewer.notices().some((n) => n.kind === 'other-tab'), 'the reviewer\'s tab to hear of it');
    // The reviewer's comment, unsaved while the newer work waits.
    reviewer.store.dispatch({ type: 'review/comment', id: 'mine', at: at(5), body: 'Mine, not sent', start: 0.1, end: 0.3 });
    const title = reviewer.store.getState().project.title;
    press(reviewer.autosave, 'other-tab', 'Load the newer version');
    await until(() => reviewer.store.getState().project.review.comments.length === 2, 'the other tab\'s comment to join');

    const project = reviewer.store.getState().project;
    expect(reviewIds(project).comments, 'in time order').to.deep.equal(['theirs', 'mine']);
    expect(project.title, 'no content taken').to.equal(title);
    expect(reviewer.store.getState().refusal).to.equal(undefined);
    // Saving resumes from the newer revision: the reviewer's comment is stored.
    await until(() => reviewer.saved.length > 0, 'the reviewer\'s tab to save');
    // What it stored is the other tab's content with the joined review: its older content is not written over it.
    const stored = (await readDraft(await openDraftDb(db), draftKey('u-1', project.project_id)))!.doc as ProjectDocument;
    expect(stored.title, 'the other tab\'s content kept').to.equal('Renamed in the other tab');
    expect(reviewIds(stored).comments).to.deep.equal(['theirs', 'mine']);
    // And on the next save too, while this tab's content is the one it had.
    const saves = reviewer.saved.length;
    reviewer.store.dispatch({ type: 'review/comment', id: 'later', at: at(6), body: 'One more', start: 0.4, end: 0.5 });
    await until(() => reviewer.saved.length > saves, 'the next save');
    const again = (await readDraft(await openDraftDb(db), draftKey('u-1', project.project_id)))!.doc as ProjectDocument;
    expect(again.title).to.equal('Renamed in the other tab');
    expect(reviewIds(again).comments).to.deep.equal(['theirs', 'mine', 'later']);
  });
});
