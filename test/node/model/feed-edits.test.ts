// The slot and feed edits (schema 7): each one undo step, each refusal a StudioProjectError naming the path, and
// an adopter may make them on a template whose words are locked. Their module is loaded by the second test, so
// the first can see the store refuse them before.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { EditAction } from '../../../src/model/actions.js';
import type { Feed, ProjectDocument, SlotDefinition } from '../../../src/model/document.js';
import { canUndo, createEditorStore, type EditorState, type EditorStore, type LockRefusal } from '../../../src/model/editor-state.js';
import { loadLockRules } from '../../../src/model/lock-rules.js';
import { StudioProjectError } from '../../../src/model/project-error.js';
import { projectReducer } from '../../../src/model/reducer.js';
import { validateProject } from '../../../src/model/validate.js';
import { MAX_FEED_ROWS } from '../../../src/feed/types.js';
import { sampleProject } from '../../model/fixtures.js';

/** The last refusal as a lock's (these tests are of the adopter role). */
const lockRefusal = (state: EditorState): LockRefusal | undefined => state.refusal as LockRefusal | undefined;

const feed = (rows = 3): Feed => ({
  columns: ['id', 'Product Name', 'price'],
  rows: Array.from({ length: rows }, (_, row) => [`SKU-${row}`, `Product ${row}`, `${row}.99`]),
  key: 'id',
  mapping: [{ column: 'Product Name', slot: 'product_name' }],
});

const PRICE: SlotDefinition = { name: 'price', sample: '59.99', maxLength: 8 };

/** Dispatches `action`; it must be one undo step, and undo must give back the document before it. */
function oneStep(store: EditorStore, action: EditAction): ProjectDocument {
  const before = store.getState().project;
  const depth = store.getState().history.pastDepth;
  store.dispatch(action);
  const after = store.getState().project;
  assert.notEqual(after, before, `${action.type} changed nothing`);
  assert.equal(store.getState().history.pastDepth, depth + 1, `${action.type} is not one undo step`);
  assert.doesNotThrow(() => validateProject(JSON.parse(JSON.stringify(after))), `${action.type} made a document that does not load`);
  store.dispatch({ type: 'history/undo' });
  assert.equal(store.getState().project, before, `undo did not give back the document before ${action.type}`);
  store.dispatch({ type: 'history/redo' });
  return store.getState().project;
}

/** Dispatches `action`: it must throw a StudioProjectError with an issue at `path` matching `message`, and change nothing. */
function refused(store: EditorStore, action: EditAction, path: string, message: RegExp): void {
  const before = store.getState();
  assert.throws(
    () => store.dispatch(action),
    (error: unknown) => {
      assert.ok(error instanceof StudioProjectError, `${action.type} threw ${String(error)}`);
      assert.ok(
        error.issues.some((issue) => issue.path === path && message.test(issue.message)),
        `expected ${path} matching ${message}, got ${error.message}`,
      );
      return true;
    },
  );
  assert.equal(store.getState(), before, `${action.type} changed the state`);
}

/** An action that changes nothing: the same state, no undo step. */
function unchanged(store: EditorStore, action: EditAction): void {
  const before = store.getState();
  store.dispatch(action);
  assert.equal(store.getState(), before, `${action.type} changed the state`);
}

const storeWith = (overrides: Partial<ProjectDocument> = {}) => createEditorStore({ project: sampleProject(overrides) });

describe('the slot and feed edits', () => {
  it('are refused, naming their module, until it is loaded', () => {
    assert.throws(() => projectReducer(sampleProject(), { type: 'feed/set', feed: feed() }), /"feed\/set" is an edit of model\/feed-edits\.ts, which is not loaded/);
    assert.throws(() => projectReducer(sampleProject(), { type: 'slot/set', slot: PRICE }), /model\/feed-edits\.ts/);
  });

  describe('once loaded', () => {
    before(() => import('../../../src/model/feed-edits.js'));

    it('slot/set adds a definition, then replaces it in place; the same definition again is no step', () => {
      const store = storeWith();
      assert.deepEqual(oneStep(store, { type: 'slot/set', slot: { name: 'product_name', sample: 'Trail shoes' } }).slots, [{ name: 'product_name', sample: 'Trail shoes' }]);
      assert.deepEqual(oneStep(store, { type: 'slot/set', slot: PRICE }).slots.map((slot) => slot.name), ['product_name', 'price']);
      const replaced = oneStep(store, { type: 'slot/set', slot: { name: 'product_name', sample: 'Wool socks', say: 'wool sox', maxLength: undefined } });
      assert.deepEqual(replaced.slots, [{ name: 'product_name', sample: 'Wool socks', say: 'wool sox' }, PRICE]);
      assert.equal('maxLength' in replaced.slots[0]!, false);
      unchanged(store, { type: 'slot/set', slot: { ...PRICE } });
    });

    it('slot/set refuses a wrong name, a sample or say over 500, a maxLength not a whole number 1..5000, another field', () => {
      const store = storeWith({ slots: [PRICE] });
      refused(store, { type: 'slot/set', slot: { name: 'product name', sample: 'x' } }, 'project.slots[1].name', /is not a slot name.*\{\{product_name\}\}/);
      refused(store, { type: 'slot/set', slot: { ...PRICE, sample: 'x'.repeat(501) } }, 'project.slots[0].sample', /at most 500 characters/);
      refused(store, { type: 'slot/set', slot: { ...PRICE, say: 'x'.repeat(501) } }, 'project.slots[0].say', /at most 500 characters/);
      for (const maxLength of [0, 2.5, 5001, Number.NaN]) refused(store, { type: 'slot/set', slot: { ...PRICE, maxLength } }, 'project.slots[0].maxLength', /a whole number of characters from 1 to 5,000/);
      refused(store, { type: 'slot/set', slot: { ...PRICE, label: 'Price' } as SlotDefinition }, 'project.slots[0].label', /not a known field/);
      refused(store, { type: 'slot/set', slot: null as unknown as SlotDefinition }, 'project.slots[1]', /expected an object, got null/);
      assert.equal(canUndo(store.getState()), false);
    });

    it('slot/remove removes a definition (its placeholders stay); an unknown name is no step', () => {
      const store = storeWith({ slots: [{ name: 'product_name', sample: 'Shoes' }, PRICE], script: { sections: [{ id: 's1', label: 'Hook', text: 'Only {{price}}.' }] } });
      const removed = oneStep(store, { type: 'slot/remove', name: 'price' });
      assert.deepEqual(removed.slots, [{ name: 'product_name', sample: 'Shoes' }]);
      assert.equal(removed.script.sections[0]!.text, 'Only {{price}}.');
      unchanged(store, { type: 'slot/remove', name: 'price' });
      unchanged(store, { type: 'slot/remove', name: 'nope' });
    });

    it('feed/set sets, replaces and removes the feed; the same feed again is no step', () => {
      const store = storeWith();
      const given = feed();
      assert.equal(oneStep(store, { type: 'feed/set', feed: given }).feed, given);
      unchanged(store, { type: 'feed/set', feed: given });
      const bigger = feed(MAX_FEED_ROWS);
      assert.equal(oneStep(store, { type: 'feed/set', feed: bigger }).feed!.rows.length, MAX_FEED_ROWS);
      assert.equal(oneStep(store, { type: 'feed/set', feed: null }).feed, null);
      unchanged(store, { type: 'feed/set', feed: null });
    });

    it('feed/set refuses more than 5,000 rows with the count and the advice to split, and any feed a document could not hold', () => {
      const store = storeWith();
      refused(store, { type: 'feed/set', feed: feed(MAX_FEED_ROWS + 214) }, 'project.feed.rows', /has 5,214 rows; a feed holds at most 5,000: split it into files of 5,000 rows or fewer/);
      refused(store, { type: 'feed/set', feed: { ...feed(), key: 'sku' } }, 'project.feed.key', /one of the feed's columns, got "sku"/);
      refused(store, { type: 'feed/set', feed: { ...feed(), mapping: [{ column: 'name', slot: 'product_name' }] } }, 'project.feed.mapping[0].column', /one of the feed's columns, got "name"/);
      const twice = [...feed().mapping, { column: 'id', slot: 'product_name' }];
      refused(store, { type: 'feed/set', feed: { ...feed(), mapping: twice } }, 'project.feed.mapping[1].slot', /is filled by mapping\[0\] already/);
      refused(store, { type: 'feed/set', feed: { ...feed(), rows: [['SKU-1', 'Shoes']] } }, 'project.feed.rows[0]', /expected 3 values/);
      refused(store, { type: 'feed/set', feed: { ...feed(), columns: ['id', 'Product Name', 'ID'] } }, 'project.feed.columns[2]', /case aside/);
      refused(store, { type: 'feed/set', feed: undefined as unknown as Feed }, 'project.feed', /a feed \(an object\) or null, got undefined/);
      assert.equal(canUndo(store.getState()), false);
    });

    it('feed/map maps a slot to a column, replaces its column in place, and null removes its entry', () => {
      const store = storeWith({ feed: feed() });
      const mapped = oneStep(store, { type: 'feed/map', slot: 'price', column: 'price' });
      assert.deepEqual(mapped.feed!.mapping, [{ column: 'Product Name', slot: 'product_name' }, { column: 'price', slot: 'price' }]);
      const moved = oneStep(store, { type: 'feed/map', slot: 'product_name', column: 'id' });
      assert.deepEqual(moved.feed!.mapping, [{ column: 'id', slot: 'product_name' }, { column: 'price', slot: 'price' }]);
      assert.equal(moved.feed!.rows, mapped.feed!.rows);
      unchanged(store, { type: 'feed/map', slot: 'product_name', column: 'id' });
      const gone = oneStep(store, { type: 'feed/map', slot: 'product_name', column: null });
      assert.deepEqual(gone.feed!.mapping, [{ column: 'price', slot: 'price' }]);
      unchanged(store, { type: 'feed/map', slot: 'product_name', column: null });
    });

    it('feed/map refuses a column the feed lacks, a wrong slot name, and any column without a feed', () => {
      const store = storeWith({ feed: feed() });
      refused(store, { type: 'feed/map', slot: 'price', column: 'Price' }, 'project.feed.mapping[1].column', /one of the feed's columns, got "Price"/);
      refused(store, { type: 'feed/map', slot: 'product_name', column: 'nope' }, 'project.feed.mapping[0].column', /got "nope"/);
      refused(store, { type: 'feed/map', slot: 'the price', column: 'price' }, 'project.feed.mapping[1].slot', /is not a slot name/);
      const empty = storeWith();
      refused(empty, { type: 'feed/map', slot: 'price', column: 'price' }, 'project.feed', /is null: import a feed before choosing the column of \{\{price\}\}/);
      unchanged(empty, { type: 'feed/map', slot: 'price', column: null });
    });

    it('feed/key sets and clears the key column; refuses a column the feed lacks, and any column without a feed', () => {
      const store = storeWith({ feed: feed() });
      assert.equal(oneStep(store, { type: 'feed/key', column: 'Product Name' }).feed!.key, 'Product Name');
      assert.equal(oneStep(store, { type: 'feed/key', column: null }).feed!.key, null);
      unchanged(store, { type: 'feed/key', column: null });
      refused(store, { type: 'feed/key', column: 'sku' }, 'project.feed.key', /one of the feed's columns, got "sku"/);
      refused(storeWith(), { type: 'feed/key', column: 'id' }, 'project.feed', /is null: import a feed before choosing its key column/);
      unchanged(storeWith(), { type: 'feed/key', column: null });
    });

    it("an adopter fills the feed and the slots of a template whose words are locked; the lock still holds the words", async () => {
      await loadLockRules();
      const store = storeWith({
        script: {
          sections: [
            { id: 's1', label: 'Hook', text: 'Hello' },
            { id: 's2', label: 'Offer', text: 'Only {{price}} at {{store}}.', locked: true, lockReason: 'Approved by legal' },
          ],
        },
      });
      store.dispatch({ type: 'session/role', role: 'adopter' });
      for (const action of [
        { type: 'feed/set', feed: { columns: ['sku', 'price', 'store'], rows: [['A1', '9.99', 'Leeds']], key: 'sku', mapping: [] } },
        { type: 'feed/map', slot: 'price', column: 'price' },
        { type: 'feed/key', column: 'store' },
        { type: 'slot/set', slot: { name: 'price', sample: '59.99' } },
        { type: 'slot/set', slot: { name: 'store', sample: 'Manchester', say: 'Manchester' } },
        { type: 'slot/remove', name: 'store' },
      ] satisfies EditAction[]) {
        const before = store.getState().project;
        store.dispatch(action);
        assert.equal(store.getState().refusal, undefined, `${action.type} was refused`);
        assert.notEqual(store.getState().project, before, `${action.type} changed nothing`);
      }
      const filled = store.getState().project;
      assert.deepEqual(filled.feed!.mapping, [{ column: 'price', slot: 'price' }]);
      assert.deepEqual(filled.slots, [{ name: 'price', sample: '59.99' }]);
      store.dispatch({ type: 'script/set-text', id: 's2', text: 'Only {{price}}.' });
      assert.equal(store.getState().project, filled);
      assert.equal(lockRefusal(store.getState())?.reason, 'Approved by legal');
      assert.deepEqual(lockRefusal(store.getState())?.target, { kind: 'section', id: 's2' });
    });
  });
});
