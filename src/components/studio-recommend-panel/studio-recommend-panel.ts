import { consume } from '@lit/context';
import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { CallOptions, ServiceClient } from '../../api/client.js';
import type { PronunciationEntry } from '../../brand/pronunciations.js';
import type { JobProgress } from '../../api/poller.js';
import type { PreviewPlayer } from '../../audio/preview.js';
import { clientContext } from '../../controllers/contexts.js';
import { StoreController } from '../../controllers/store-controller.js';
import { LingerController } from '../../internal/linger.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import type { Recommendation, RecommendResult } from '../../api/contract.js';
import type { ProjectDocument } from '../../model/document.js';
import { isoNow } from '../../model/credits.js';
import { controlStyles } from '../shared/controls.styles.js';
import { describeError } from '../../i18n/error-words.js';
import { renderAlert } from '../shared/error-alert.js';
import { reportError } from '../../events/report-error.js';
import type { RecommendRequestDetail } from '../studio-recommend-form/studio-recommend-form.js';
import '../studio-recommend-form/studio-recommend-form.js';
import type { StudioRecommendationCard } from '../studio-recommendation-card/studio-recommendation-card.js';
import '../studio-recommendation-card/studio-recommendation-card.js';
import { DEFAULT_MAX_FIT_SPEED } from '../../config/fit-speed.js';
import { spokenLength } from '../../script/spoken-length.js';
import { PriceController } from '../../controllers/price-controller.js';
import { sampleSpokenText } from '../../script/slot-scan.js';
import type { PaidCall } from '../../script/price.js';
import { loadOnce } from '../../internal/load-once.js';

/**
 * `<studio-editor-job-status>`, fetched when this panel first follows a job: not part of the first paint
 * (the panels loaded later import it). Until it arrives the element is there undefined, its properties kept.
 */
const loadJobStatus = loadOnce((_: void): Promise<unknown> => import('../studio-job-status/studio-job-status.js'));

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

/**
 * Recommend: a product page or description in, recommended compositions out. Runs the service's
 * recommendation job with progress and Cancel, shows the results as cards to preview and choose, and
 * fills the project with the chosen one (one undo step), named after it while it has no title of the user.
 *
 * @tagname studio-editor-recommend-panel
 * @csspart form-area - The request form (`<studio-editor-recommend-form>`).
 * @csspart form - The form inside it (from the form).
 * @csspart submit - Its submit button (from the form).
 * @csspart results - The list of recommendation cards.
 * @csspart card - Each recommendation (from the cards).
 */
export class StudioRecommendPanel extends StudioElement {
  // The step shown first by default, a third of the first paint's work (traced cold): its own task.
  static override firstRenderInOwnTask = true;
  static override styles = [
    controlStyles,
    css`
      :host {
        display: grid;
        gap: calc(var(--_space, 12px) * 1.5);
        align-content: start;
      }
      h3 {
        margin: 0 0 8px;
        font-size: 1em;
      }
      [part='results'] {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: var(--_space, 12px);
        grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
        container: results / inline-size;
      }
      /* Side by side (two columns fit), each card's sticky actions would cover its own script and voice: the
         ideas are compared by what they say, so there the actions stay at each card's end. */
      @container results (min-width: 492px) {
        studio-editor-recommendation-card::part(actions) {
          position: static;
        }
      }
      .error {
        margin: 0;
      }
      /* A job under way takes the action row's place at the bottom of the panel: its progress in view. */
      studio-editor-job-status {
        position: sticky;
        bottom: 0;
        z-index: 3;
        padding-block: 8px;
        background: var(--_surface, #ffffff);
      }
    `,
  ];

  /** Which sources the form offers (from `tools.recommend` and `tools.product`). */
  @property({ attribute: false }) sources: ReadonlyArray<'url' | 'product'> = ['url', 'product'];
  /** The title a new project gets from the config (`project.title`): like "Untitled ad", an idea replaces it. */
  @property({ attribute: false }) defaultTitle: string | undefined;
  /** The host's brand pronunciations (`vocal.pronunciations`): "Make the ad" voices with them. */
  @property({ attribute: false }) brandPronunciations: readonly PronunciationEntry[] = [];
  /** The voice ids the host licensed (`vocal.voices`): an idea naming another gets one of these. Undefined: every voice. */
  @property({ attribute: false }) voiceIds: readonly string[] | undefined;
  /** The music track ids the host licensed (`music.tracks`): as `voiceIds`, for the bed. */
  @property({ attribute: false }) trackIds: readonly string[] | undefined;
  /** The fastest the editor reads a script to fit (`vocal.maxFitSpeed`): an idea fitted faster is shortened, or said to be long. */
  @property({ type: Number }) maxFitSpeed = DEFAULT_MAX_FIT_SPEED;

  @consume({ context: clientContext, subscribe: true })
  @state()
  client: ServiceClient | undefined;

  @state() private job: JobProgress | { state: 'queued'; progress: undefined; stage: undefined } | undefined;
  /** The job under way is "Make the ad" (else it is a request for ideas). */
  @state() private making = false;
  @state() private error = '';
  /** Runs the failed request again, when trying again makes sense. */
  @state() private retry: (() => void) | undefined;
  @state() private announcement = '';
  @state() private previewing: string | undefined;
  /** A recommendation of another length waiting for the user's word on the project's length. */
  @state() private askLength: { id: string; slot: number } | undefined;

  readonly #project = new StoreController(this, (state) => ({
    projectId: state.project.project_id,
    duration: state.project.duration,
    items: state.project.recommendations.items,
    chosen: state.project.recommendations.chosen,
    made: madeIdea(state.project),
  }));

  /** The made ad's spoken length (its takes as voiced), shown on the card of the idea it was made from. */
  readonly #spoken = new StoreController(this, (state) => {
    const length = spokenLength(state.project);
    return length.estimate ? undefined : length;
  });

  #controller: AbortController | undefined;
  /** The player of the ideas' previews, loaded with the first (no preview is played to paint the panel). */
  #preview: PreviewPlayer | undefined;
  #previewLoad: Promise<PreviewPlayer> | undefined;
  /** The project each client was checked for pending jobs, so a job is resumed once. */
  readonly #resumed = new WeakMap<ServiceClient, string>();
  /** What asking for ideas costs, when the service says. */
  readonly #prices = new PriceController(this);

  constructor() {
    super();
    // A job goes on through a move in the DOM; the panel removed for good stops it.
    new LingerController(this, () => this.#controller?.abort(new DOMException('The panel was closed.', 'AbortError')));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#preview?.stop();
  }

  async #handleSubmit(event: CustomEvent<RecommendRequestDetail>): Promise<void> {
    const client = this.client;
    const project = this.#project.value;
    if (client === undefined || project === undefined) return;
    const request = event.detail;
    // Asking for ideas of another length never changes the open project: choosing one asks (see #choose).
    const common = { project_id: project.projectId, duration: request.duration, max_recommendations: request.count };
    await this.#run((options) =>
      request.source === 'url'
        ? client.recommendFromUrl({ ...common, url: request.url }, options)
        : client.recommendFromProduct({ ...common, product: request.product }, options),
    );
  }

  /** After a reload: follows the newest recommendation job of this project that was still running. */
  async #resumePending(client: ServiceClient, projectId: string): Promise<void> {
    const pending = (await client.pendingJobs(projectId)).filter((job) => job.operation === 'recommendUrl' || job.operation === 'recommendProduct');
    const newest = pending.sort((a, b) => b.startedAt - a.startedAt)[0];
    if (newest === undefined || this.#controller !== undefined || this.client !== client) return;
    // Resumed after a reload, not asked for now: the results come without taking the focus.
    await this.#run((options) => client.resumeJob<RecommendResult>(newest, options), false);
  }

  /**
   * Runs one recommendation job: progress, Cancel, results into the project (said politely, and focus on the
   * first when the user asked for them now: `focus`), failures shown here.
   */
  #run(start: (options: CallOptions) => Promise<RecommendResult>, focus = true): Promise<void> {
    return this.#job(
      false,
      async (signal, onProgress) => {
        const sent = isoNow();
        const result = await start({ signal, onProgress });
        const licence = { voices: this.voiceIds, tracks: this.trackIds };
        // Within the host's licence before they reach the project (its code comes only for a host that limits).
        const { ideas, changed } =
          licence.voices === undefined && licence.tracks === undefined
            ? { ideas: result.recommendations, changed: 0 }
            : await (await import('./licensed-ideas.js')).licensedIdeas(result.recommendations, licence, this.client!, signal);
        this.#project.dispatch({ type: 'recommendations/received', recommendations: ideas, ...(result.usage ? { usage: result.usage, sent, at: isoNow() } : {}) });
        const received = this.t.plural('recommend.received', ideas.length);
        this.announcement = changed === 0 ? received : `${received} ${this.t.plural('recommend.licensed', changed)}`;
        if (focus) void this.#focusFirstResult();
      },
      'recommend.failed',
      () => void this.#run(start),
    );
  }

  /**
   * One job of this panel (asking for ideas, or making the ad): its progress and Cancel; a failure shown
   * here in the user's words (`failed`), with Try again (`again`) where it can help.
   */
  async #job(
    making: boolean,
    work: (signal: AbortSignal, onProgress: (progress: JobProgress) => void) => Promise<void>,
    failed: 'recommend.failed' | 'recommend.makeFailed',
    again: () => void,
  ): Promise<void> {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    this.error = '';
    this.retry = undefined;
    this.announcement = '';
    this.making = making;
    // A file that could not be fetched is tried again by the next job.
    loadJobStatus().catch(() => undefined);
    this.job = { state: 'queued', progress: undefined, stage: undefined };
    try {
      await work(controller.signal, (progress) => (this.job = progress));
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) {
        this.announcement = this.t('recommend.cancelled');
      } else {
        const shown = describeError(error, this.t);
        this.error = this.t(failed, { message: shown.text });
        this.retry = shown.retry ? again : undefined;
        reportError(this, error);
      }
    } finally {
      if (this.#controller === controller) {
        this.#controller = undefined;
        this.job = undefined;
        this.making = false;
      }
    }
  }

  /** The next step in reach: focus on the first result, the whole card in view. */
  async #focusFirstResult(): Promise<void> {
    await this.updateComplete;
    const card = this.renderRoot.querySelector<StudioRecommendationCard>('studio-editor-recommendation-card');
    if (card === null) return;
    await card.updateComplete;
    card.focus();
    card.scrollIntoView({ block: 'nearest' });
  }

  protected override updated(): void {
    const client = this.client;
    const projectId = this.#project.value?.projectId;
    const key = client && projectId ? projectId : undefined;
    if (client === undefined || key === undefined || this.#resumed.get(client) === key) return;
    this.#resumed.set(client, key);
    void this.#resumePending(client, key);
  }

  #choose(id: string): void {
    const project = this.#project.value;
    const chosen = project?.items.find((item) => item.recommendation_id === id);
    if (project === undefined || chosen === undefined) return;
    const slot = slotOf(chosen.duration_s);
    if (slot !== undefined && slot !== project.duration) {
      // An idea written for another length: the project's length is a delivery rule, so ask first.
      this.askLength = { id, slot };
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('.ask-length button')?.focus());
      return;
    }
    this.#apply(id);
  }

  /**
   * "Make the ad" from an idea: every section voiced (the service's complete-ad generation, or one
   * voice-over per section where it has none), laid out end to end under the idea's bed, at the idea's
   * length: one undo step. The editor's preview then mixes and masters it for the delivery preset.
   */
  #make(id: string): Promise<void> {
    const client = this.client;
    const project = this.#project.value;
    const idea = project?.items.find((item) => item.recommendation_id === id);
    if (client === undefined || project === undefined || idea === undefined) return Promise.resolve();
    this.askLength = undefined;
    return this.#job(
      true,
      async (signal, onProgress) => {
        // "Make the ad" is a click away at best: its code comes then, not with the first paint.
        const { makeAdTakes } = await import('../../session/make-ad.js');
        const duration = idea.target_duration_s ?? slotOf(idea.duration_s);
        const made = await makeAdTakes(client, project.projectId, idea, {
          signal,
          onProgress: (progress) => onProgress(progress as JobProgress),
          voicingStage: (n, count) => this.t('script.voicing', { n, count }),
          pronunciations: { brand: this.brandPronunciations, project: this.#project.store?.getState().project.pronunciations ?? [] },
          slots: this.#project.store?.getState().project.slots ?? [],
          licensed: this.voiceIds !== undefined || this.trackIds !== undefined,
          maxFitSpeed: this.maxFitSpeed,
          duration: duration ?? project.duration,
        });
        const capped = made.capped;
        this.#project.dispatch({
          type: 'ad/assemble',
          recommendationId: id,
          takes: made.takes,
          ...(duration === undefined ? {} : { duration }),
          ...(made.music ? { music: made.music } : {}),
          untitled: this.#untitled(),
          speed: made.speed,
          ...(capped?.shortened === true ? { sections: capped.sections } : {}),
        });
        for (const action of made.usage) this.#project.dispatch(action);
        const said = this.t('recommend.made', { title: idea.title, count: made.takes.length });
        const speeds = capped === undefined ? undefined : { given: this.t.number(capped.given, 2), max: this.t.number(capped.max, 2) };
        this.announcement = speeds === undefined ? said : `${said} ${this.t(capped!.shortened ? 'recommend.madeShortened' : 'recommend.madeLong', speeds)}`;
      },
      // Again from here: the ideas, the script and everything else stay as they are.
      'recommend.makeFailed',
      () => void this.#make(id),
    );
  }

  /** Titles the editor gives a new project: an idea chosen or made names a project still called one of them. */
  #untitled(): string[] {
    return [this.t('project.untitled'), ...(this.defaultTitle === undefined ? [] : [this.defaultTitle])];
  }

  #apply(id: string, duration?: number): void {
    const chosen = this.#project.value?.items.find((item) => item.recommendation_id === id);
    this.askLength = undefined;
    if (chosen === undefined) return;
    // One undo step: script, voice, music and (when asked for) the length.
    this.#project.dispatch({ type: 'recommendation/choose', id, ...(duration === undefined ? {} : { duration }), untitled: this.#untitled(), maxSpeed: this.maxFitSpeed });
    this.announcement = this.t('recommend.chosen', { title: chosen.title });
  }

  #renderAskLength() {
    const ask = this.askLength;
    const project = this.#project.value;
    const chosen = project?.items.find((item) => item.recommendation_id === ask?.id);
    if (ask === undefined || project === undefined || chosen === undefined) return nothing;
    const t = this.t;
    return html`<div class="ask-length" part="ask-length" role="group" aria-labelledby="ask-length-text">
      <p id="ask-length-text">${t('recommend.lengthDiffers', { title: chosen.title, slot: ask.slot, current: project.duration })}</p>
      <button type="button" @click=${() => this.#apply(ask.id, ask.slot)}>${t('recommend.useLength', { slot: ask.slot })}</button>
      <button type="button" @click=${() => this.#apply(ask.id)}>${t('recommend.keepLength', { current: project.duration })}</button>
      <button type="button" @click=${() => (this.askLength = undefined)}>${t('recommend.cancelChoose')}</button>
    </div>`;
  }

  async #togglePreview(recommendation: Recommendation): Promise<void> {
    const client = this.client;
    if (client === undefined) return;
    if (this.previewing === recommendation.recommendation_id) {
      this.#preview?.stop();
      this.previewing = undefined;
      return;
    }
    this.previewing = recommendation.recommendation_id;
    try {
      this.#previewLoad ??= import('../../audio/preview.js').then(({ PreviewPlayer }) => (this.#preview = new PreviewPlayer(client.fetch, () => (this.previewing = undefined))));
      this.#previewLoad.catch(() => (this.#previewLoad = undefined));
      const [voices, music, player] = await Promise.all([client.voices(), client.music(), this.#previewLoad]);
      const voice = voices.voices.find((entry) => entry.voice_id === recommendation.voice.voice_id);
      const track = music.tracks.find((entry) => entry.track_id === recommendation.music.track_id);
      const sources = [
        ...(track ? [{ url: track.preview_url, volume: 0.35 }] : []),
        ...(voice ? [{ url: voice.sample_url, volume: 1 }] : []),
      ];
      await player.play(sources);
    } catch (error) {
      if (isAbort(error)) return;
      this.previewing = undefined;
      this.error = this.t('recommend.previewFailed', { message: describeError(error, this.t).text });
      this.retry = undefined;
      reportError(this, error);
    }
  }

  /**
   * What "Make the ad" of `idea` costs at most (the one price): its generation, or the editor's own read (a
   * service without generation, pronunciations, licensed voices): a fit when it reads faster than allowed, and a
   * take of each section as spoken.
   */
  #makeCredits(idea: Recommendation): number | undefined {
    const slots = this.#project.store?.getState().project.slots ?? [];
    const own: PaidCall[] = idea.script.sections.map((section) => ({ operation: 'voiceover', text: sampleSpokenText(section.text, slots) }));
    if ((idea.voice.speed ?? 1) > this.maxFitSpeed + 1e-9) own.push({ operation: 'format' });
    return this.#prices.price([{ operation: 'generate', sections: idea.script.sections.length }], own);
  }

  protected override render() {
    const t = this.t;
    const project = this.#project.value;
    const items = project?.items ?? [];
    return html`<studio-editor-recommend-form part="form-area" exportparts="form, submit" .sources=${this.sources} .duration=${project?.duration ?? 30}
        .price=${(calls: readonly PaidCall[]) => this.#prices.price(calls)} ?busy=${this.job !== undefined || this.client === undefined}
        @recommend-submit=${this.#handleSubmit}></studio-editor-recommend-form>
      ${this.job
        ? html`<studio-editor-job-status label=${this.making ? t('recommend.making') : t('recommend.finding')} state=${this.job.state} .progress=${this.job.progress} stage=${this.job.stage ?? ''}
            .retryIn=${'retryInMs' in this.job && this.job.retryInMs !== undefined ? Math.ceil(this.job.retryInMs / 1000) : undefined}
            @job-cancel=${() => this.#controller?.abort(new DOMException('Cancelled by the user.', 'AbortError'))}></studio-editor-job-status>`
        : nothing}
      ${renderAlert(this.error, t, this.retry)}
      <p class="visually-hidden" role="status">${this.announcement}</p>
      ${this.#renderAskLength()}
      ${items.length > 0
        ? html`<section aria-labelledby="results-heading">
            <h3 id="results-heading">${t('recommend.results')}</h3>
            <ul part="results">
              ${items.map(
                (item) => html`<li>
                  <studio-editor-recommendation-card exportparts="card" .recommendation=${item} ?chosen=${item.recommendation_id === project?.chosen}
                    .spoken=${item.recommendation_id === project?.chosen ? this.#spoken.value : undefined}
                    ?previewing=${item.recommendation_id === this.previewing}
                    ?making=${this.job !== undefined} ?made=${item.recommendation_id === project?.made} .makeCredits=${this.#makeCredits(item)}
                    @recommendation-choose=${() => this.#choose(item.recommendation_id)}
                    @recommendation-make=${() => void this.#make(item.recommendation_id)}
                    @recommendation-preview=${() => this.#togglePreview(item)}></studio-editor-recommendation-card>
                </li>`,
              )}
            </ul>
          </section>`
        : nothing}`;
  }
}

/**
 * The idea whose ad is made: the chosen one, with a take on the timeline voiced from its script (choosing
 * another idea, or undoing the make, leaves none).
 */
function madeIdea(project: ProjectDocument): string | undefined {
  const idea = project.recommendations.items.find((item) => item.recommendation_id === project.recommendations.chosen);
  if (idea === undefined) return undefined;
  const texts = new Set(idea.script.sections.map((section) => section.text));
  return project.clips.some((clip) => clip.source !== null && texts.has(clip.source.text)) ? idea.recommendation_id : undefined;
}

/** The spot length an idea was written for: its estimate to the nearest 5 s (15, 30, 60), or undefined. */
function slotOf(estimate: number): number | undefined {
  if (!Number.isFinite(estimate) || estimate <= 0) return undefined;
  return Math.min(120, Math.max(5, Math.round(estimate / 5) * 5));
}

defineElement('studio-editor-recommend-panel', StudioRecommendPanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-recommend-panel': StudioRecommendPanel;
  }
}
