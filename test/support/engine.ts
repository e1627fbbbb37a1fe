// Which browser engine runs the suite, and the one list of tests that cannot run in an engine, with why.
// A test skipped here says so: its title gets `[skipped in <engine>: <reason>]`, which the runner prints and
// the summary of `npm run test:<engine>` lists (scripts/lib/counting-reporter.mjs). Never skip silently.

export type Engine = 'chromium' | 'firefox' | 'webkit';

/** The engine of this page, from its user agent (Chromium's names Chrome; WebKitGTK's MiniBrowser names Safari). */
export const engine: Engine = /Firefox\//.test(navigator.userAgent) ? 'firefox' : /Chrome\//.test(navigator.userAgent) ? 'chromium' : 'webkit';

/** The narrowest viewport WebKitGTK's MiniBrowser can have (its toolbar's width), CSS px. */
export const MINIBROWSER_MIN_WIDTH = 447;

/**
 * The width a test's viewport can have here: `width`, or the narrowest this engine's window can be where it cannot be
 * that narrow (WebKitGTK's MiniBrowser: 447 px, where setViewport refuses a narrower one). A test that uses it names
 * this width in its title, so that a run says the width it measured.
 */
export const viewportWidth = (width: number): number => (engine === 'webkit' ? Math.max(width, MINIBROWSER_MIN_WIDTH) : width);

/** Every reason a test cannot run in an engine, and the engines where it holds. */
export const ENGINE_SKIPS = {
  'touch-screen': {
    engines: ['webkit'],
    reason: "WebKitGTK cannot be made a touch screen from automation: no (pointer: coarse), and its WebDriver plays touch input as a mouse",
  },
  'firefox-pointer-at-launch': {
    engines: ['firefox'],
    reason:
      'Firefox reads its pointer kind ((pointer: coarse)) at launch: this half of the file runs in the other Firefox of the ' +
      'run (the phone group of web-test-runner.firefox.config.mjs is a touch screen, the default one has a mouse)',
  },
  'webkit-pinch': {
    engines: ['webkit'],
    reason:
      'a pinch needs two touches, and WebKitGTK makes none: its WebDriver plays touch input as a mouse, and there is no Touch ' +
      'constructor outside iOS (one finger is played there as the touch PointerEvents iOS Safari sends)',
  },
  'scheduler-yield': {
    engines: ['webkit'],
    reason: 'the turns are counted on scheduler.yield, which WebKit lacks (the code takes a message or timer turn there instead)',
  },
  'webcodecs-mp3': {
    engines: ['webkit'],
    reason:
      "WebKitGTK's AudioDecoder refuses these MP3 frames (EncodingError from its GStreamer decoder): the editor decodes " +
      'MP3 with decodeAudioData there, the path decode-on-page.test.ts checks in every engine',
  },
  'gst-wav': {
    engines: ['webkit'],
    reason: "WebKitGTK's decodeAudioData (GStreamer) converts 8- and 16-bit WAV samples otherwise than Chromium, whose reading decodeBytes copies",
  },
  'idb-blob': {
    engines: ['webkit'],
    reason: "WebKit's automation session is ephemeral, and an ephemeral session refuses Blobs in IndexedDB (as Safari's private windows do)",
  },
  'narrow-window': {
    engines: ['webkit'],
    reason: "MiniBrowser's window is at least 447 CSS px wide (its toolbar): phone widths cannot be set",
  },
  'touch-constructor': {
    engines: ['webkit'],
    reason: 'WebKit has no Touch constructor outside iOS (Illegal constructor): the test cannot make its own touches',
  },
  'fake-clock-fetch': {
    engines: ['firefox', 'webkit'],
    reason:
      "sinon's fake clock moves on in steps while this engine reads a stubbed Response over real tasks, so a timed " +
      'retry lands a step late; the retry timing is plain script, checked in Chromium',
  },
} as const satisfies Record<string, { engines: readonly Engine[]; reason: string }>;

export type SkipId = keyof typeof ENGINE_SKIPS;

/** Whether the tests of this skip run here. */
export const runsHere = (id: SkipId): boolean => !(ENGINE_SKIPS[id].engines as readonly Engine[]).includes(engine);

/**
 * Skips the running test (call it first in `it`) or every test of the suite (call it in `before`) in the
 * engines that `id` lists, naming the reason in the test titles.
 */
export function skipIn(context: Mocha.Context, id: SkipId): void {
  if (runsHere(id)) return;
  const note = ` [skipped in ${engine}: ${ENGINE_SKIPS[id].reason}]`;
  const runnable = context.test;
  const isHook = (runnable as { type?: string } | undefined)?.type === 'hook';
  const tests = isHook ? allTests(runnable!.parent) : runnable ? [runnable as Mocha.Test] : [];
  for (const test of tests) test.title += note;
  context.skip();
}

function allTests(suite: Mocha.Suite | undefined): Mocha.Test[] {
  return suite ? [...suite.tests, ...suite.suites.flatMap(allTests)] : [];
}
