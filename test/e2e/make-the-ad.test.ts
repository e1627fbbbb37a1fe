// "Make the ad" (issue 16) against the emulator: from an idea to a voiced, laid-out, mastered ad in one
// click and one undo step, through the service's complete-ad generation, and through the editor's own path
// (a voice-over per section) when the service has no generation.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import type { MixPreviewSource } from '../../src/audio/preview-state.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { create, type StudioHandle } from '../../src/create.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { deepQuery } from '../support/deep-query.js';

const deep = deepQuery;

describe('Make the ad (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  for (const [path, api] of [['generate', {}], ['voiceover', { paths: { generate: '/v1/no-generate-here' } }]] as const) {
    it(`makes a playable ad that meets its preset in one undo step (${path === 'generate' ? 'the service generates' : 'no generation: a voice-over per section'})`, async function () {
      mountPoint('editor-make');
      const user = `make-${crypto.randomUUID().slice(0, 8)}`;
      handle = await create({
        target: '#editor-make',
        auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
        api: { baseUrl: apiBaseUrl as string, ...api },
        project: { id: user, autosave: false, duration: 30 },
      });
      const h = handle;
      const { recommendations } = await h.api!.recommendFromUrl({ project_id: user, url: 'https://acme-coffee.com/products/cold-brew-kit', duration: 30, max_recommendations: 2 });
      h.element.store.dispatch({ type: 'recommendations/received', recommendations });
      const idea = recommendations[0]!;
      const before = h.element.store.getState().history.pastDepth;
      const makeButton = () => deep(h.element.shadowRoot!, 'studio-editor-recommendation-card')?.shadowRoot?.querySelector<HTMLButtonElement>('button.primary');
      await waitUntil(makeButton, 'the Make the ad button');
      expect(makeButton()!.textContent!.trim()).to.equal('Make the ad');
      makeButton()!.click();
      await waitUntil(() => h.getProject().clips.length === idea.script.sections.length, 'every section voiced', { timeout: 40_000 });
      const project = h.getProject();
      expect(h.element.store.getState().history.pastDepth, 'one undo step').to.equal(before + 1);
      expect(project.script.sections.map((section) => section.id)).to.deep.equal(idea.script.sections.map((section) => section.id));
      // The untitled project is named after the idea ("Cold Brew Kit: Story"), in the same step.
      expect(project.title).to.equal(idea.title);
      expect(project.voice.voice).to.equal(idea.voice.voice_id);
      expect(project.music?.track).to.not.equal(null);
      // Every clip's asset with its voice details, for the inspector.
      for (const clip of project.clips) expect(project.assets.find((asset) => asset.asset_id === clip.assetId)?.voice?.voice_id).to.equal(idea.voice.voice_id);
      // Laid end to end, none over the next.
      const starts = project.clips.map((clip) => clip.start);
      expect(starts).to.deep.equal([...starts].sort((a, b) => a - b));
      // The preview mixes and masters it: the speech fits, no two voices at once, the preset met.
      const preview = () => (h.element as unknown as { preview: MixPreviewSource }).preview.getState();
      await waitUntil(() => preview().status === 'ready' && preview().compliance !== null && preview().timing !== null, 'the ad rendered', { timeout: 30_000 });
      expect(preview().timing!.overlaps).to.deep.equal([]);
      expect(preview().timing!.speechEnd).to.be.at.most(project.duration);
      expect(preview().compliance!.pass, JSON.stringify(preview().compliance)).to.equal(true);
      expect(project.usage.some((entry) => entry.operation === path)).to.equal(true);
      // The inspector shows what the service says about the selected clip and the bed.
      const timelinePanel = h.element.shadowRoot!.querySelector('studio-editor-timeline-panel')!;
      (timelinePanel as unknown as { selectedId: string }).selectedId = project.clips[0]!.id;
      await timelinePanel.updateComplete;
      const inspector = timelinePanel.shadowRoot!.querySelector('[part="inspector"]')!;
      const voiceName = project.assets.find((asset) => asset.asset_id === project.clips[0]!.assetId)!.voice!.name;
      expect(inspector.textContent).to.contain(voiceName);
      expect(inspector.textContent).to.contain(idea.script.sections[0]!.text);
      expect(inspector.textContent).to.contain(project.music!.track!.title);
      // One undo takes it all back.
      h.element.store.dispatch({ type: 'history/undo' });
      expect(h.getProject().clips).to.deep.equal([]);
      expect(h.getProject().title).to.equal('Untitled ad');
    });
  }
});
