// Which test files run in which engine. Every file runs in Chromium. The e2e files below run in Chromium only: their
// subject is the editor's own logic against the emulator over HTTP (a feed's run and its words, prices, creative
// identity, VAST settings, one length, a service shaped otherwise, review.require across two editors), the same
// code in every engine. What does differ by engine on their path (the render in an OfflineAudioContext, encoding,
// fetch with auth and redirects, IndexedDB, layout, touch) runs in all three through the e2e files not listed
// here (deliver, make-the-ad, on-air, versions, batch-pcm, editor-auth, token-redirect, start-retry, the review's
// UI, the phone files) and the component tests. Each listed file passed in all three engines before it was listed.

/** The e2e files that run in Chromium only (see above): two thirds of Firefox's and WebKit's e2e time. */
export const CHROMIUM_ONLY = [
  'test/e2e/feed.test.ts',
  'test/e2e/feed-failed.test.ts',
  'test/e2e/feed-versions.test.ts',
  'test/e2e/identity.test.ts',
  'test/e2e/prices-feed.test.ts',
  'test/e2e/prices-script.test.ts',
  'test/e2e/one-length.test.ts',
  'test/e2e/other-service.test.ts',
  'test/e2e/servers.test.ts',
  'test/e2e/vast.test.ts',
  'test/e2e/review-deliver.test.ts',
];

/** The suite's file patterns for an engine other than Chromium: `files` without the Chromium-only ones. */
export const besidesChromium = (files) => [...files, ...CHROMIUM_ONLY.map((file) => `!${file}`)];
