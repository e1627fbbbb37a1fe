import { html, nothing, type TemplateResult } from 'lit';
import type { PanelId, ResolvedConfig } from '../../config/types.js';
import { StudioError } from '../../errors.js';
import type { Translate } from '../../i18n/translate.js';
import type { DisposalScope } from '../../internal/scope.js';
import type { ProjectDocument } from '../../model/document.js';
import { loadTimeline } from '../studio-timeline-panel/loader.js';
import { loadLevelMeter } from '../studio-toolbar/load-level-meter.js';
import type { PanelTab } from '../studio-panels/studio-panels.js';
import type { DeliverRunner } from '../../session/deliver-run.js';
import type { FeedRunner } from '../../session/feed-run.js';
import { loadOnce } from '../../internal/load-once.js';
import { loadProjectChecks } from '../../model/read-project.js';

// The first step of the workflow, and the panel shown first by default: part of the editor itself, so that
// the first paint waits for no further file.
import '../studio-recommend-panel/studio-recommend-panel.js';

/**
 * Each panel's module, fetched when its tab is first shown: the panels not shown are not part of the first
 * paint. Until then its element is in the page undefined, showing the loading text (studio-editor.styles.ts).
 */
const PANEL_MODULES: Record<PanelId, () => Promise<unknown>> = {
  // In the editor's own file (imported above): nothing to fetch.
  recommend: () => Promise.resolve(),
  script: () => import('../studio-script-panel/studio-script-panel.js'),
  voice: () => import('../studio-voice-panel/studio-voice-panel.js'),
  music: () => import('../studio-music-panel/studio-music-panel.js'),
  mix: () => import('../studio-mix-panel/studio-mix-panel.js'),
  master: () => import('../studio-master-panel/studio-master-panel.js'),
  feed: () => import('../studio-feed-panel/studio-feed-panel.js'),
  review: () => import('../studio-review-panel/studio-review-panel.js'),
  export: () => import('../studio-export-panel/studio-export-panel.js'),
  deliver: () => import('../studio-deliver-panel/studio-deliver-panel.js'),
};

/** Loads (once per page) the module of the panel `id`; a failed load is tried again next time. */
export const loadPanel = loadOnce((id: PanelId) => PANEL_MODULES[id]());

/** Loads the module of the panel shown now (`wanted`, or the first where that one is off); a failure is reported, not thrown. */
export function loadShownPanel(config: ResolvedConfig, t: Translate, wanted: PanelId | undefined, report: (error: StudioError) => void): Promise<unknown> {
  const tabs = workflowTabs(config, t);
  const shown = tabs.find((tab) => tab.id === (wanted ?? config.layout.initialPanel)) ?? tabs[0];
  if (shown === undefined) return Promise.resolve();
  return loadPanel(shown.id).catch((error: unknown) => {
    report(new StudioError('panel-load', `The ${shown.id} panel could not be loaded (${String(error)}): check that every file of the editor is served beside it.`, { recoverable: true }));
  });
}

/** Loads the timeline's module; a failure is reported while `scope` lives. */
export function loadTimelineIn(scope: DisposalScope, report: (error: StudioError) => void): void {
  loadTimeline().catch((error: unknown) => {
    if (!scope.disposed) report(new StudioError('timeline-load', `The timeline could not be loaded (${String(error)}): check that every file of the editor is served beside it.`, { recoverable: true }));
  });
}

/** What the timeline's place shows while it loads: the empty timeline's own words (so that it arriving moves nothing), or "Loading…". */
export function timelineLoadingText(t: Translate, project: ProjectDocument): string {
  return project.clips.length === 0 && (project.music === null || project.music.url === null) ? t('timeline.empty') : t('panel.loading');
}

/**
 * What the first paint did not need, once the editor is ready: the timeline and the toolbar's level meter
 * (which the toolbar asks for again when there is audio, should this load fail), then (when the page is idle)
 * the other panels, so that opening them shows no loading text.
 */
export function loadTheRest(config: ResolvedConfig, t: Translate, scope: DisposalScope, report: (error: StudioError) => void): void {
  if (config.tools.timeline) loadTimelineIn(scope, report);
  loadLevelMeter().catch(() => undefined);
  // The versions bar shows once there is a take (a new project has none): it is not part of the first paint.
  // With it, the store's version edits (model/versions.ts) and the review's actions (model/review.ts); the locks' edits come too, whatever asks for them,
  // the destinations' (model/delivery-edits.ts), and the slots' and the feed's (model/feed-edits.ts), for the feed's panels and the script's slots.
  import('../studio-versions/studio-versions.js').catch(() => undefined);
  import('../../model/locks.js').catch(() => undefined);
  import('../../model/delivery-edits.js').catch(() => undefined);
  import('../../model/feed-edits.js').catch(() => undefined);
  // The checks of documents, so that a loadProject() after ready loads at once.
  loadProjectChecks().catch(() => undefined);
  scope.timeout(() => {
    for (const tab of workflowTabs(config, t)) loadPanel(tab.id).catch(() => undefined);
  }, 500);
}

/** Whether the Review step is shown: `review.user` is given, or the role is the reviewer's. */
export const reviewShown = (config: ResolvedConfig): boolean => config.review.user !== undefined || config.tools.role === 'reviewer';

/**
 * The steps a reviewer sees (`tools.role: 'reviewer'`): the script, read-only, and the Review step. The reviewer
 * plays the ad, switches versions, reads the script, comments and decides; the steps that only edit or make
 * (Recommend, Voice, Music, Mix, Master, Feed) and those that render or deliver it (Export, Deliver) are not shown.
 */
const REVIEWER_STEPS: readonly PanelId[] = ['script', 'review'];

/**
 * The workflow panels this config switches on, in workflow order, as tabs; a reviewer's are REVIEWER_STEPS. What
 * is off is absent (its panel, left unslotted, is never shown nor loaded).
 */
export function workflowTabs(config: ResolvedConfig, t: Translate): PanelTab[] {
  const { tools } = config;
  // Review: once someone reviews (the host names them, or the session is a reviewer's). After the steps that make
  // the sound and before Export and Deliver, which deliver what was approved (review.require).
  const shown = (id: PanelId): boolean =>
    id === 'recommend' ? tools.recommend || tools.product : id === 'review' ? reviewShown(config) : id === 'export' ? tools.exportFormats.length > 0 : tools[id];
  // PANEL_MODULES lists the panels in workflow order.
  const ids = (Object.keys(PANEL_MODULES) as PanelId[]).filter((id) => shown(id) && (tools.role !== 'reviewer' || REVIEWER_STEPS.includes(id)));
  return ids.map((id) => ({ id, label: t(`panel.${id}`) }));
}

/**
 * The panel elements for `<studio-editor-panels>` (`loadingText` shows in each until its module is loaded), each in the slot of its tab, its structural parts exported
 * with the panel's prefix (`master-meter`) so a host styles them with `studio-editor::part()`. `deliver` is
 * the editor's delivery, which the Deliver panel runs; `feedRunner` hears and delivers a feed's rows in the Feed
 * panel (without it, the panel checks the rows and says that delivering them is not available).
 */
export function workflowPanels(config: ResolvedConfig, loadingText: string, deliver: DeliverRunner, feedRunner?: FeedRunner): TemplateResult {
  const { tools, music, vocal } = config;
  const sources = [...(tools.recommend ? (['url'] as const) : []), ...(tools.product ? (['product'] as const) : [])];
  return html`${sources.length > 0
      ? html`<studio-editor-recommend-panel slot="recommend" data-loading=${loadingText} part="recommend-panel" .sources=${sources} .defaultTitle=${config.project.title} .brandPronunciations=${vocal.pronunciations} .voiceIds=${vocal.voices} .trackIds=${music.tracks}
          .maxFitSpeed=${vocal.maxFitSpeed}
          exportparts="form: recommend-form, submit: recommend-submit, results: recommend-results, card: recommendation-card"></studio-editor-recommend-panel>`
      : nothing}
    ${tools.script ? html`<studio-editor-script-panel slot="script" data-loading=${loadingText} part="script-panel" .voiceIds=${vocal.voices} .brandPronunciations=${vocal.pronunciations} .destinations=${config.delivery.destinations} .maxFitSpeed=${vocal.maxFitSpeed} .direction=${config.api.direction}></studio-editor-script-panel>` : nothing}
    ${tools.voice
      ? html`<studio-editor-voice-panel slot="voice" data-loading=${loadingText} part="voice-panel" .voiceIds=${vocal.voices} .brandPronunciations=${vocal.pronunciations}></studio-editor-voice-panel>`
      : nothing}
    ${tools.music
      ? html`<studio-editor-music-panel slot="music" data-loading=${loadingText} part="music-panel" .upload=${tools.upload} .uploadMaxBytes=${music.uploadMaxBytes} .trackIds=${music.tracks}
          .defaults=${{ gain: music.gain, fadeIn: music.fadeIn, fadeOut: music.fadeOut }}></studio-editor-music-panel>`
      : nothing}
    ${tools.mix ? html`<studio-editor-mix-panel slot="mix" data-loading=${loadingText} part="mix-panel" exportparts="controls: mix-controls, slider: mix-slider"></studio-editor-mix-panel>` : nothing}
    ${tools.master
      ? html`<studio-editor-master-panel slot="master" data-loading=${loadingText} part="master-panel"></studio-editor-master-panel>`
      : nothing}
    ${tools.feed
      ? html`<studio-editor-feed-panel slot="feed" data-loading=${loadingText} part="feed-panel" .destinations=${config.delivery.destinations} .maxFitSpeed=${vocal.maxFitSpeed} .runner=${feedRunner}></studio-editor-feed-panel>`
      : nothing}
    ${reviewShown(config)
      ? html`<studio-editor-review-panel slot="review" data-loading=${loadingText} part="review-panel" .trust=${config.review}></studio-editor-review-panel>`
      : nothing}
    ${tools.exportFormats.length > 0
      ? html`<studio-editor-export-panel slot="export" data-loading=${loadingText} part="export-panel" .formats=${tools.exportFormats}></studio-editor-export-panel>`
      : nothing}
    ${tools.deliver
      ? html`<studio-editor-deliver-panel slot="deliver" data-loading=${loadingText} part="deliver-panel" .destinations=${config.delivery.destinations} .deliver=${deliver}></studio-editor-deliver-panel>`
      : nothing}`;
}
