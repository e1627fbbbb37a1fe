// Every word on the timeline in a whole editor on the emulator (issue 52): a made ad's takes carry eSpeak's word
// timings, so its clips show their words, not estimated, once zoomed in; a click on a word moves the preview's
// playhead there. Screenshots of the timeline with its words at 1280 and 390 px (timeline-words-editor-*).
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendMouse } from '@web/test-runner-commands';
import type { StudioTimeline } from '../../src/components/studio-timeline/studio-timeline.js';
import type { StudioHandle } from '../../src/create.js';
import { afterReady } from '../support/after-ready.js';
import { deepQuery } from '../support/deep-query.js';
import { MINIBROWSER_MIN_WIDTH, skipIn } from '../support/engine.js';
import { record } from '../support/recorded-events.js';
import { makeAdOnEmulator } from '../support/made-ad.js';
import { editorOnEmulator, frame, leaveScreen, useScreen } from '../support/screen.js';
import { waitUntil } from '../support/wait.js';

for (const screen of [
  { width: 1280, height: 800, editor: 700 },
  { width: 390, height: 844, editor: 800 },
]) {
  describe(`every word on the timeline of a made ad, at ${screen.width} px`, function () {
    let handle: StudioHandle | undefined;

    before(async function () {
      if (screen.width < MINIBROWSER_MIN_WIDTH) skipIn(this, 'narrow-window');
      await useScreen({ ...screen, touch: false });
      handle = await editorOnEmulator(`words-${screen.width}`, screen.editor);
      await makeAdOnEmulator(handle, handle.element.config!.project!.id!);
      const preview = await afterReady(handle.element);
      await waitUntil(() => preview.getState().status === 'ready' && preview.getState().duration > 0, 'the preview is rendered');
    });

    after(() => leaveScreen(handle));

    it('shows the takes\' words where they are heard (not estimated) and seeks to one clicked', async () => {
      const timeline = () => deepQuery(handle!.element.shadowRoot!, 'studio-editor-timeline') as StudioTimeline | null;
      // Decoded (the preview has their peaks) and with their words.
      await waitUntil(() => timeline()?.clips.some((clip) => clip.words !== undefined && clip.peaks.length > 0), 'the clips decoded, with their words');
      const clips = timeline()!.clips;
      expect(clips.every((clip) => clip.wordsEstimated === false), 'every take timed by eSpeak').to.equal(true);
      const first = [...clips].sort((a, b) => a.start - b.start)[0]!;
      timeline()!.setZoom(180, 0);
      const words = () => [...timeline()!.shadowRoot!.querySelectorAll<HTMLElement>(`.clip[data-id="${first.id}"] .word`)];
      await waitUntil(() => words().length > 2 && timeline()!.waveformsPending === 0, 'the first clip\'s words drawn');
      expect(timeline()!.shadowRoot!.querySelector('.words.estimated'), 'none drawn as estimated').to.equal(null);
      const written = first.words!.map((word) => word.text);
      expect(words().map((word) => word.dataset['word']).every((text) => written.includes(text!))).to.equal(true);
      // Scrolled so the first clip's third word is in view, and clicked: the preview's playhead goes there.
      const word = words()[2]!;
      word.scrollIntoView({ inline: 'center', block: 'nearest' });
      await frame();
      const box = word.getBoundingClientRect();
      const seeks = record(timeline()!, 'seek');
      const hit = timeline()!.shadowRoot!.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      expect(hit, `the word under the pointer, not ${hit?.outerHTML.slice(0, 120)}`).to.equal(word);
      await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
      const time = Number(word.dataset['seek']);
      expect(seeks).to.deep.equal([{ time }]);
      await waitUntil(() => Math.abs(timeline()!.clock() - time) < 0.01, `the playhead at ${time}`);
      await executeServerCommand('studio-screenshot', { name: `timeline-words-editor-${screen.width}` });
    });
  });
}
