// The errors whose own message is English only and written for the user (a feed's file, the slots, the feed's key,
// a file not made, a project refused), one or more of each code, with names from a file to quote: what the German
// and French words of `describeError` are tested on (test/node/error-codes.test.ts, components/reason-words.test.ts).
import { StudioFileFailedError } from '../../../src/audio/deliver/deliver.js';
import { StudioError } from '../../../src/errors.js';
import { StudioFeedError } from '../../../src/feed/errors.js';
import { StudioProjectError } from '../../../src/model/project-error.js';
import { StudioSlotError } from '../../../src/script/slots.js';

/** A column whose name holds a bidi override, which the words quote escaped. */
export const BIDI_COLUMN = 'pri\u202ece';

/** Each a new error: a feed's file with two problems (the first at a row and `BIDI_COLUMN`), then one without a place, and so on. */
export const englishOnlyErrors = (): StudioError[] => [
  new StudioFeedError([
    { row: 3, column: BIDI_COLUMN, message: `Row 3: ${BIDI_COLUMN} is not a number: write it with digits, or leave it empty.` },
    { row: 5, message: 'Row 5 has 4 values; the header has 3.' },
  ]),
  new StudioFeedError([{ message: 'The file has no header row.' }]),
  new StudioSlotError(['{{price}} in "Body" has no value: give one, or a sample in its slot definition']),
  new StudioError('feed-none', 'The project has no feed: import a CSV or JSON file in the Feed step first.', { recoverable: true }),
  new StudioError('feed-key', 'The feed has no key column: choose the column that names each row (its folder and file names) in the Feed step.', { recoverable: true }),
  new StudioError('feed-template', "The script's slots are malformed: Character 4 has a placeholder that is not closed.", { recoverable: true }),
  new StudioFileFailedError('ad\u0007.mp3', 'the encoder stopped', undefined),
  new StudioProjectError('project-invalid', [{ path: 'project.versions', message: 'has no version "x"' }]),
  new StudioProjectError('project-invalid', [
    { path: 'project.slots[0].name', message: 'is empty' },
    { path: 'project.feed', message: 'is not an object' },
  ]),
];
