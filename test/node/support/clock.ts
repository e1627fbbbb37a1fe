// The timers a test's fake clock may take over in Node. sinon's default takes setImmediate and the rest too,
// which node:test itself runs on: a test that fakes them leaves the runner waiting on a callback that never
// comes, and the file ends with no result. The browser's runner does not use them, so there the default held.
export const TEST_TIMERS: Array<'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval' | 'Date'> = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'];
