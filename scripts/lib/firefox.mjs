// Where Firefox is and how it is started here: Debian's Firefox ESR, headless, driven by puppeteer-core over
// WebDriver BiDi. Headless Firefox needs an audio device for `new AudioContext()` (its tab crashes without
// one): scripts/lib/null-sink.mjs gives it a PulseAudio null sink, named by PULSE_SERVER.
import { existsSync } from 'node:fs';

export function firefoxPath() {
  const candidates = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox', '/usr/lib/firefox-esr/firefox-esr'];
  return candidates.find((path) => path && existsSync(path));
}

/**
 * Firefox preferences for the suite: audio may start without a gesture, as Chromium's autoplay flag allows; touch
 * events are on, as on a touch-screen laptop (`Touch` and `TouchEvent` exist: the pinch tests make their own).
 */
export const firefoxPrefs = {
  'dom.w3c_touch_events.enabled': 1,
  'media.autoplay.default': 0,
  'media.autoplay.block-webaudio': false,
  'media.autoplay.blocking_policy': 0,
  'dom.disable_beforeunload': true,
};

/**
 * A touch screen, for the phone files (the `phone` group of web-test-runner.firefox.config.mjs): the primary and
 * every pointer are coarse without hover (bit 1 coarse, 2 fine, 4 hover), so `(pointer: coarse)` and
 * `(hover: none)` match, and five touch points. Firefox reads these at launch, not on a running page.
 */
export const firefoxTouchPrefs = {
  'ui.primaryPointerCapabilities': 1,
  'ui.allPointerCapabilities': 1,
  'dom.maxtouchpoints.testing.value': 5,
};
