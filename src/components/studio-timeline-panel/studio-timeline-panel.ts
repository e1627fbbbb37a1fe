import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { PreviewState } from '../../audio/preview-state.js';
import { PreviewController } from '../../controllers/preview-controller.js';
import { StoreController } from '../../controllers/store-controller.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import type { EditAction } from '../../model/actions.js';
import type { ProjectDocument } from '../../model/document.js';
import type {
  ClipFadeDetail,
  ClipGainDetail,
  ClipMoveDetail,
  ClipTrimDetail,
  DuckDepthDetail,
  GestureDetail,
  MusicFadeDetail,
  MusicGainDetail,
  TimelineClip,
  TimelineComment,
  TimelineMarker,
  TimelineMusic,
  TimelineTrackId,
  TimelineTracks,
} from '../studio-timeline/types.js';
import { commentMarkers, freshClipId, sectionMarkers, timelineClips, timelineMusic } from './timeline-data.js';
import '../studio-timeline/studio-timeline.js';
import { renderInspector, type InspectorEdit } from './clip-inspector.js';
import { LaneRoomController } from './lane-room.js';
import { lockNote, lockStyles } from '../shared/lock-control.js';
import { sliderStyles } from '../shared/slider.js';
import { requestComment } from '../shared/comment-request.js';
import type { CommentRequest } from '../shared/events.js';
import '../../i18n/later-words.js';

type Audible = Pick<ProjectDocument, 'clips' | 'music' | 'mix' | 'tracks' | 'duration' | 'script' | 'assets' | 'versions' | 'openVersion'>;

/**
 * The timeline of the editor: shows the project's clips, music bed and ducking envelope in
 * `<studio-editor-timeline>` and turns its gestures into actions (each gesture one undo step; Escape during a drag
 * undoes it without a redo entry), and its keys too: split and join, mute and solo of a track (one undo step
 * each; they change what plays and what is exported). Section starts become the ruler's markers. Plays, pauses and seeks through the preview.
 *
 * @tagname studio-editor-timeline-panel
 * @csspart timeline - The `<studio-editor-timeline>`.
 * @csspart track - Each track row of the timeline, with `data-track` naming it: `voice`, `music`.
 * @csspart comment-marker - A review comment's marker over the timeline's ruler (a button).
 * @csspart empty - The line shown instead while there is no clip and no music.
 * @csspart inspector - The selected voice clip's fade and gain sliders, and what the service says about it (voice, speed, length, text, asset) and the music bed.
 * @csspart clip-edit - In the inspector, the selected clip's fade in, fade out and gain sliders (absent on a clip the adopter's locks hold).
 * @csspart slider - In the inspector, one labelled slider with its value.
 * @csspart lock - In the inspector, a creator's lock toggle and reason for the selected clip.
 * @csspart lock-note - In the inspector, an adopter's note on the selected clip's lock: a padlock and the reason.
 * @slot versions - Above the timeline: the editor's versions bar (`<studio-editor-versions>`).
 */
export class StudioTimelinePanel extends StudioElement {
  static override styles = [
    lockStyles,
    sliderStyles,
    css`
    /*
     * The stage's height, in a column: the versions bar (one row; New version and Rename float over the
     * stage, so it is never clipped), the timeline, the inspector. The timeline keeps its height whole; the
     * inspector scrolls in what is left.
     */
    :host {
      display: flex;
      flex-direction: column;
      min-width: 0;
      min-height: 0;
    }
    ::slotted([slot='versions']) {
      flex: none;
    }
    /* Its sticky track heads stack inside it, under what the versions bar floats over the stage. */
    studio-editor-timeline {
      flex: none;
      isolation: isolate;
    }
    [part='inspector'] {
      flex: 0 1 auto;
      min-height: 0;
      overflow-y: auto;
    }
    :host([hidden]) {
      display: none;
    }
    [part='empty'] {
      margin: 0;
      color: var(--_text-muted, #4b5563);
    }
    [part='inspector'] dl {
      display: flex;
      flex-wrap: wrap;
      gap: 2px 16px;
      margin: 6px 0 0;
      font-size: max(11px, 0.85em);
    }
    [part='inspector'] dl > div {
      display: flex;
      gap: 4px;
      min-width: 0;
    }
    [part='inspector'] dt {
      color: var(--_text-muted, #4b5563);
    }
    [part='inspector'] dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
    [part='clip-edit'] {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(15em, 1fr));
      gap: 2px 16px;
      margin: 6px 0 0;
      font-size: max(11px, 0.85em);
      --_slider-label: 5.5em;
    }
    input[type='range'] {
      margin: 0;
    }
  `,
  ];

  /** Nonce of the host page's CSP for wavesurfer's style element, when the page uses nonces. */
  @property() cspNonce: string | undefined;

  @state() private zoom = 40;
  @state() private selectedId: string | null = null;

  readonly #project = new StoreController(this, (s): Audible => {
    const { clips, music, mix, tracks, duration, script, assets, versions, openVersion } = s.project;
    return { clips, music, mix, tracks, duration, script, assets, versions, openVersion };
  });
  readonly #role = new StoreController(this, (s) => s.role);
  /** Who reviews (`review.user`): with one, a span selected on the timeline offers "Comment on" it. */
  readonly #reviewUser = new StoreController(this, (s) => s.reviewUser);
  /** The review's comments on the open version, with what places them (their clips, the takes' lengths). */
  readonly #review = new StoreController(this, (s) => ({ review: s.project.review, clips: s.project.clips, assets: s.project.assets, versions: s.project.versions, openVersion: s.project.openVersion }));
  #comments: { key: readonly unknown[]; value: TimelineComment[] } | undefined;
  readonly #preview = new PreviewController(this);
  /** The lanes grown with the stage, given back when a form or the inspector needs the room. */
  readonly #room = new LaneRoomController(this);
  #bedPeaks = new Map<string, Float32Array>();
  #clips: { key: readonly unknown[]; value: TimelineClip[] } | undefined;
  #music: { key: readonly unknown[]; value: TimelineMusic | null } | undefined;
  #tracks: { key: readonly unknown[]; value: TimelineTracks } | undefined;
  #markers: { key: readonly unknown[]; value: TimelineMarker[] } | undefined;

  /** Mute, solo and bus level of each track; the same object until one of them changes. */
  #trackStates(project: Audible): TimelineTracks {
    const key = [project.tracks, project.mix.voiceLevel, project.mix.musicLevel];
    if (this.#tracks === undefined || key.some((part, i) => part !== this.#tracks!.key[i])) {
      const { voice, music } = project.tracks;
      this.#tracks = { key, value: { voice: { ...voice, gainDb: project.mix.voiceLevel }, music: { ...music, gainDb: project.mix.musicLevel } } };
    }
    return this.#tracks.value;
  }

  #sectionMarkers(project: Audible): TimelineMarker[] {
    const key = [project.clips, project.script];
    if (this.#markers === undefined || key.some((part, i) => part !== this.#markers!.key[i])) this.#markers = { key, value: sectionMarkers(project) };
    return this.#markers.value;
  }

  /** The comment markers of the open version's threads (not the orphaned ones), the same array until one moves. */
  #commentMarkers(): TimelineComment[] {
    const view = this.#review.value;
    if (view === undefined || view.review.comments.length === 0) return [];
    const key = [view.review, view.clips, view.assets, view.versions, view.openVersion, this.t];
    if (this.#comments === undefined || key.some((part, i) => part !== this.#comments!.key[i])) this.#comments = { key, value: commentMarkers(this.#review.store!.getState().project, this.t) };
    return this.#comments.value;
  }

  /** A comment's marker clicked: play from the comment's start. */
  #playComment(time: number): void {
    const preview = this.#preview.source;
    if (preview === undefined) return;
    preview.seek(time);
    void preview.play();
  }

  /** S on a clip: cut where the playhead is (one undo step). */
  #split(id: string, at: number, clips: readonly TimelineClip[]): void {
    const project = this.#project.value;
    const clip = clips.find((candidate) => candidate.id === id);
    if (project === undefined || clip === undefined) return;
    this.#project.dispatch({ type: 'clip/split', id, newId: freshClipId(project, id), at, length: clip.length });
  }

  /** Dispatches a gesture's action: merged into one undo step until `final`; `cancelled` reverts it all. */
  #gesture(name: string, detail: GestureDetail, actions: readonly EditAction[]): void {
    const gesture = `timeline-${name}`;
    if (detail.cancelled) {
      this.#project.dispatch({ type: 'history/cancel-gesture', gesture });
      return;
    }
    for (const action of actions) this.#project.dispatch({ ...action, gesture });
    if (detail.final) this.#project.dispatch({ type: 'history/end-gesture', gesture });
  }

  /** The inspector's sliders: the same actions and undo steps as the timeline's knobs and gain line. */
  readonly #edit: InspectorEdit = {
    fade: (id, fades, final) => this.#gesture(`fade-${id}`, { final }, [{ type: 'clip/fade', id, ...fades }]),
    gain: (id, gain, final) => this.#gesture(`gain-${id}`, { final }, [{ type: 'clip/gain', id, gain }]),
  };

  /** A creator locks or unlocks the selected clip (one undo step). */
  readonly #setLock = (id: string, locked: boolean, reason: string | undefined): void => {
    this.#project.dispatch({ type: 'lock/set', target: { kind: 'clip', id }, locked, ...(reason === undefined ? {} : { reason }) });
  };

  #togglePlay(): void {
    const preview = this.#preview.source;
    if (preview === undefined) return;
    if (preview.getState().transport === 'playing') preview.pause();
    else void preview.play();
  }

  /** Memoised by the parts each one reads, so the timeline gets the same arrays until something changed. */
  #data(project: Audible, previewState: PreviewState | undefined): { clips: TimelineClip[]; music: TimelineMusic | null } {
    const preview = this.#preview.source;
    const lookup = preview ?? { peaks: () => undefined, sourceDuration: () => undefined };
    // Decoded peaks and lengths arrive with a new preview state (the arrays themselves are cached there).
    const role = this.#role.value ?? 'creator';
    const clipKey = [project.clips, project.script, project.assets, preview, previewState, this.t, role];
    if (this.#clips === undefined || clipKey.some((part, i) => part !== this.#clips!.key[i])) {
      const locks = { holds: role === 'adopter', note: (reason: string | undefined) => lockNote(this.t, reason) };
      const clips = timelineClips(project as ProjectDocument, lookup, this.t('timeline.voiceClip'), locks);
      // A reviewer edits nothing: every clip is fixed (no handles, no gesture).
      this.#clips = { key: clipKey, value: role === 'reviewer' ? clips.map((clip) => ({ ...clip, fixed: true })) : clips };
    }
    const musicKey = [project.music, project.duration, project.assets, preview, previewState, role];
    if (this.#music === undefined || musicKey.some((part, i) => part !== this.#music!.key[i])) {
      const music = timelineMusic(project as ProjectDocument, lookup, this.#bedPeaks, role === 'adopter');
      this.#music = { key: musicKey, value: music !== null && role === 'reviewer' ? { ...music, fixed: true } : music };
    }
    return { clips: this.#clips.value, music: this.#music.value };
  }

  protected override render() {
    const project = this.#project.value;
    if (project === undefined) return nothing;
    const previewState = this.#preview.state;
    const { clips, music } = this.#data(project, previewState);
    if (clips.length === 0 && music === null) return html`<slot name="versions"></slot><p part="empty">${this.t('timeline.empty')}</p>`;
    const selectedId = clips.some((clip) => clip.id === this.selectedId) ? this.selectedId : null;
    return html`<slot name="versions"></slot><studio-editor-timeline
      part="timeline"
      exportparts="track, comment-marker"
      .clips=${clips}
      .music=${music}
      .envelope=${previewState?.envelope ?? new Float32Array(0)}
      .envelopeRate=${previewState?.envelopeRate ?? 20}
      .duckDepth=${project.mix.duckingDepth}
      .targetDuration=${project.duration}
      .clock=${() => this.#preview.source?.currentTime ?? 0}
      ?playing=${previewState?.transport === 'playing'}
      .zoom=${this.zoom}
      .lanes=${this.#room.lanes}
      auto-fit
      .selectedId=${selectedId}
      .tracks=${this.#trackStates(project)}
      .markers=${this.#sectionMarkers(project)}
      .comments=${this.#commentMarkers()}
      ?reviewing=${this.#role.value === 'reviewer'}
      ?commenting=${this.#reviewUser.value !== undefined}
      .cspNonce=${this.cspNonce}
      @clip-move=${(e: CustomEvent<ClipMoveDetail>) => this.#gesture(`move-${e.detail.id}`, e.detail, [{ type: 'clip/move', id: e.detail.id, start: e.detail.start }])}
      @clip-trim=${(e: CustomEvent<ClipTrimDetail>) =>
        this.#gesture(`trim-${e.detail.id}`, e.detail, [
          { type: 'clip/trim', id: e.detail.id, trimIn: e.detail.trimIn, trimOut: e.detail.trimOut },
          { type: 'clip/move', id: e.detail.id, start: e.detail.start },
        ])}
      @clip-fade=${(e: CustomEvent<ClipFadeDetail>) => this.#gesture(`fade-${e.detail.id}`, e.detail, [{ type: 'clip/fade', id: e.detail.id, fadeIn: e.detail.fadeIn, fadeOut: e.detail.fadeOut }])}
      @clip-gain=${(e: CustomEvent<ClipGainDetail>) => this.#gesture(`gain-${e.detail.id}`, e.detail, [{ type: 'clip/gain', id: e.detail.id, gain: e.detail.gain }])}
      @music-gain=${(e: CustomEvent<MusicGainDetail>) => this.#gesture('music-gain', e.detail, [{ type: 'music/gain', gain: e.detail.gain }])}
      @music-fade=${(e: CustomEvent<MusicFadeDetail>) => this.#gesture('music-fade', e.detail, [{ type: 'music/fades', fadeIn: e.detail.fadeIn, fadeOut: e.detail.fadeOut }])}
      @duck-depth=${(e: CustomEvent<DuckDepthDetail>) => this.#gesture('duck-depth', e.detail, [{ type: 'mix/set', mix: { duckingDepth: e.detail.depthDb } }])}
      @clip-select=${(e: CustomEvent<{ id: string | null }>) => (this.selectedId = e.detail.id)}
      @clip-split=${(e: CustomEvent<{ id: string; at: number }>) => this.#split(e.detail.id, e.detail.at, clips)}
      @clip-join=${(e: CustomEvent<{ id: string; withId: string }>) => this.#project.dispatch({ type: 'clip/join', id: e.detail.id, withId: e.detail.withId })}
      @track-mute=${(e: CustomEvent<{ track: TimelineTrackId; muted: boolean }>) => this.#project.dispatch({ type: 'track/set', track: e.detail.track, muted: e.detail.muted })}
      @track-solo=${(e: CustomEvent<{ track: TimelineTrackId; solo: boolean }>) => this.#project.dispatch({ type: 'track/set', track: e.detail.track, solo: e.detail.solo })}
      @clip-delete=${(e: CustomEvent<{ id: string }>) => this.#project.dispatch({ type: 'clip/remove', id: e.detail.id })}
      @seek=${(e: CustomEvent<{ time: number }>) => this.#preview.source?.seek(e.detail.time)}
      @zoom-change=${(e: CustomEvent<{ zoom: number }>) => (this.zoom = e.detail.zoom)}
      @play-toggle=${() => this.#togglePlay()}
      @comment-play=${(e: CustomEvent<{ time: number }>) => this.#playComment(e.detail.time)}
      @comment-at=${(e: CustomEvent<CommentRequest>) => (e.stopPropagation(), requestComment(this, e.detail))}
      @undo=${() => this.#project.dispatch({ type: 'history/undo' })}
      @redo=${() => this.#project.dispatch({ type: 'history/redo' })}
    ></studio-editor-timeline>
      ${renderInspector(this.t, project, selectedId, { role: this.#role.value ?? 'creator', set: this.#setLock }, this.#edit)}`;
  }
}

defineElement('studio-editor-timeline-panel', StudioTimelinePanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-timeline-panel': StudioTimelinePanel;
  }
}
