// The words of what loads after the first paint, in one side-effect import: the later English words (en-later.ts)
// and the error words of the later steps (error-words-later.ts). Each module shown after the first paint imports
// this one. Kept apart from en-later.ts so that the table of words imports nothing that reads its keys' type.
import './en-later.js';
import './error-words-later.js';
