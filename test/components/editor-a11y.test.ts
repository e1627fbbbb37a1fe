// Axe on every panel of a voiced project (two voice clips, a bed, the timeline drawn), in both colour modes
// and at a desktop and a phone width: the Feed and Review steps too, with a comment thread and a decision, and a
// section edited since its take (the words heard now, under it). Libraries come from the service emulator; the
// audio is synthetic.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { setViewport } from '@web/test-runner-commands';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { PanelId } from '../../src/config/types.js';
import { create, type StudioHandle } from '../../src/create.js';
import type { VoiceClip } from '../../src/model/document.js';
import { music, syntheticSpeech } from '../audio/signals.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { voiceClip, wavUrl } from '../support/audio-urls.js';
import { afterReady } from '../support/after-ready.js';
import { deepQuery } from '../support/deep-query.js';
import { openPanel } from '../support/panels.js';
import { viewportWidth } from '../support/engine.js';

const PANELS: PanelId[] = ['recommend', 'script', 'voice', 'music', 'mix', 'master', 'feed', 'review', 'export', 'deliver'];

describe('<studio-editor> accessibility with a voiced project', () => {
  let voiceUrl = '';
  let bedUrl = '';
  let handle: StudioHandle | undefined;
  before(() => {
    voiceUrl = wavUrl([syntheticSpeech(2, 48000)]);
    bedUrl = wavUrl(music(4, 48000));
  });
  after(() => {
    URL.revokeObjectURL(voiceUrl);
    URL.revokeObjectURL(bedUrl);
  });
  afterEach(async () => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
    await setViewport({ width: 800, height: 600 });
  });

  const clip = (id: string, start: number): VoiceClip => voiceClip(id, start, voiceUrl);

  async function open(mode: 'light' | 'dark'): Promise<HTMLElement> {
    mountPoint('editor-a11y');
    const user = `a11y-${Math.random().toString(36).slice(2)}`;
    handle = await create({
      target: '#editor-a11y',
      auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string },
      project: { id: user, autosave: false },
      theme: { mode },
      layout: { height: '720px' },
      tools: { feed: true },
      review: { user: { id: 'rev-1', name: 'Rae Legal', role: 'legal' } },
    });
    const project = handle.getProject();
    await handle.loadProject({
      ...project,
      title: 'Brewline spring sale',
      duration: 10,
      script: { sections: [{ id: 'hook', label: 'Hook', text: 'Tired of slow mornings?' }, { id: 'offer', label: 'Offer', text: 'Brewline, ready in ninety seconds.' }] },
      // The offer was edited since its take: the Script step shows the words heard now under it.
      clips: [clip('hook', 1), { ...clip('offer', 5), source: { text: 'Brewline, ready in two minutes.', voice: project.voice.voice ?? 'ava', speed: 1 } }],
      review: {
        comments: [{ id: 'c1', thread: 'c1', body: 'Say the price slower.', author: { id: 'rev-1', name: 'Rae Legal', role: 'legal' }, at: '2026-11-29T09:00:00.000Z', anchor: { version: project.openVersion, start: 5, end: 7 } }],
        decisions: [{ id: 'd1', version: project.openVersion, reviewer: { id: 'rev-1', name: 'Rae Legal', role: 'legal' }, at: '2026-11-29T09:05:00.000Z', label: 'changes-required', note: 'Slower price, please.', contentHash: 'stale' }],
      },
      music: { track: null, assetId: null, url: bedUrl, gain: -6, offset: 0, loop: true, fadeIn: 0.5, fadeOut: 1 },
    });
    const editor = handle.element;
    const preview = await afterReady(editor);
    await waitUntil(() => preview.getState().status === 'ready', 'the preview is rendered', { timeout: 15000 });
    const timelinePanel = editor.shadowRoot!.querySelector('studio-editor-timeline-panel')!;
    await waitUntil(() => timelinePanel.shadowRoot?.querySelector('studio-editor-timeline')?.shadowRoot?.querySelector('.clip'), 'the clips are drawn', { timeout: 10000 });
    return editor;
  }

  for (const mode of ['light', 'dark'] as const) {
    for (const [width, height] of [[1280, 800], [viewportWidth(390), 844]] as const) {
      it(`has no axe violations on any panel, ${mode}, ${width} px`, async function () {
        await setViewport({ width, height });
        const editor = await open(mode);
        const checked: string[] = [];
        for (const id of PANELS) {
          await openPanel(editor.shadowRoot!, id);
          // What the panel is checked with is on screen: the words heard under the edited offer, the thread.
          if (id === 'script') await waitUntil(() => deepQuery(editor.shadowRoot!, '[part=heard]'), 'the words heard under the edited offer');
          if (id === 'review') await waitUntil(() => deepQuery(editor.shadowRoot!, 'studio-editor-review-panel')?.shadowRoot?.textContent?.includes('Say the price slower.'), 'the comment thread');
          await expect(editor, `${id} panel, ${mode}, ${width} px`).to.be.accessible();
          checked.push(id);
        }
        expect(checked).to.deep.equal(PANELS);
      });
    }
  }
});
