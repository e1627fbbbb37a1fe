// `studio-error` (and `on('error')`, which hears it) quotes what came from a file, a feed or a service escaped
// (issue 54): no control, ANSI escape or bidi character reaches a host's log or screen raw; line feeds stay.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StudioError } from '../../../src/errors.js';
import { reportError } from '../../../src/events/report-error.js';
import type { StudioErrorEvent } from '../../../src/events/studio-error.js';
import { RAW_CONTROL } from '../support/raw-controls.js';

describe('reportError', () => {
  it('escapes control, escape and bidi characters in the message, keeping its lines', (t) => {
    const events: StudioErrorEvent[] = [];
    const host = { dispatchEvent: (event: Event) => (events.push(event as StudioErrorEvent), true) } as unknown as HTMLElement;
    t.mock.method(console, 'warn', () => undefined);
    reportError(host, new StudioError('feed-row', 'Row "ok\u202Eevil": price \u001b[2J\u001b]0;pwned\u0007 is not a number\nRow "b\u2066": empty'));
    const { message, code } = events[0]!.detail;
    assert.equal(code, 'feed-row');
    assert.doesNotMatch(message, RAW_CONTROL);
    assert.equal(message, 'Row "ok\\u202eevil": price \\u001b[2J\\u001b]0;pwned\\u0007 is not a number\nRow "b\\u2066": empty');
  });
});
