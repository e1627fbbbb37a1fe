import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import type { ProjectDocument } from '../../../src/model/document.js';
import { decideDraft, type DraftDecision } from '../../../src/model/persistence/draft-decision.js';
import type { StoredWork } from '../../../src/model/persistence/journal.js';
import { sampleProject } from '../../model/fixtures.js';

const open = sampleProject({ title: 'Open' });
const asStored = (doc: ProjectDocument | object, journal = false): StoredWork => ({ doc: JSON.parse(JSON.stringify(doc)), savedAt: '2026-01-01T00:00:00.000Z', cleanExit: true, journal });
const other = sampleProject({ title: 'Draft' });
const unreadable = { schema: 'not a project' };

/** The decision, reduced to primitives: its kind, and what it carries. */
function summary(decision: DraftDecision): string {
  switch (decision.kind) {
    case 'none':
      return decision.dropJournal ? 'none, drop journal' : 'none';
    case 'restore':
    case 'offer':
      return `${decision.kind} ${decision.draft.title}`;
    case 'unreadable':
      return `unreadable (${decision.error instanceof Error ? 'error' : 'no error'})`;
    default:
      return decision.kind;
  }
}

describe('decideDraft', () => {
  const table: Array<{ case: string; stored: StoredWork | undefined; dirty?: boolean; hostLoaded?: boolean; expected: string }> = [
    { case: 'nothing stored', stored: undefined, expected: 'none' },
    { case: 'nothing stored, edited and host-loaded', stored: undefined, dirty: true, hostLoaded: true, expected: 'none' },
    { case: 'the stored draft is the open project', stored: asStored(open), expected: 'same' },
    { case: 'the same, though edited and host-loaded', stored: asStored(open), dirty: true, hostLoaded: true, expected: 'same' },
    { case: 'another draft, nothing loaded or edited here', stored: asStored(other), expected: 'restore Draft' },
    { case: 'journal work, nothing loaded or edited here', stored: asStored(other, true), expected: 'restore Draft' },
    { case: 'another draft, edited here', stored: asStored(other), dirty: true, expected: 'offer Draft' },
    { case: 'another draft, the host loaded the project', stored: asStored(other), hostLoaded: true, expected: 'offer Draft' },
    { case: 'journal work, the host loaded the project', stored: asStored(other, true), hostLoaded: true, expected: 'offer Draft' },
    { case: 'a stored draft that is not a project', stored: asStored(unreadable), expected: 'unreadable (error)' },
    { case: 'a stored draft that is not a project, host-loaded', stored: asStored(unreadable), hostLoaded: true, expected: 'unreadable (error)' },
    { case: 'a journal entry that is not a project', stored: asStored(unreadable, true), expected: 'none, drop journal' },
  ];
  for (const row of table) {
    it(`${row.case}: ${row.expected}`, () => {
      const decision = decideDraft({ stored: row.stored, project: open, dirty: row.dirty ?? false, hostLoaded: row.hostLoaded ?? false });
      expect(summary(decision)).to.equal(row.expected);
    });
  }

  it('reads the stored document through the migration, and leaves it as it was', () => {
    const stored = asStored(other);
    const before = JSON.stringify(stored);
    const decision = decideDraft({ stored, project: open, dirty: false, hostLoaded: false });
    expect(decision.kind === 'restore' && decision.draft !== stored.doc).to.equal(true);
    expect(JSON.stringify(stored)).to.equal(before);
  });
});
