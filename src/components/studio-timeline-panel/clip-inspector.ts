// The inspector under the timeline: the selected voice clip's fades and gain as sliders (the controls a finger
// and the keyboard use; the timeline's knobs and gain line are a mouse's), and what the service says about its
// asset (voice, language, speed, length, the text it speaks) and about the music bed.
import { html, nothing } from 'lit';
import type { Translate } from '../../i18n/translate.js';
import { clipLength } from '../../model/clip-layout.js';
import type { ProjectDocument, VoiceClip } from '../../model/document.js';
import type { EditorRole } from '../../model/lock-rules.js';
import { GAIN_BOTTOM, GAIN_TOP } from '../studio-timeline/scale.js';
import { renderLock } from '../shared/lock-control.js';
import { slider } from '../shared/slider.js';
import { versionName } from '../../model/version-name.js';
import '../../i18n/later-words.js';

type Inspected = Pick<ProjectDocument, 'clips' | 'assets' | 'music' | 'script' | 'duration'> & Partial<Pick<ProjectDocument, 'versions' | 'openVersion'>>;

/** The lock of the selected clip: the role, and how a creator sets it. */
export interface InspectorLock {
  readonly role: EditorRole;
  readonly set: (id: string, locked: boolean, reason: string | undefined) => void;
}

/** How the selected clip's sliders edit it: each drag is one undo step, ended by `final`. */
export interface InspectorEdit {
  readonly fade: (id: string, fades: { fadeIn?: number; fadeOut?: number }, final: boolean) => void;
  readonly gain: (id: string, gain: number, final: boolean) => void;
}

/** The fade in, fade out and gain sliders of `clip` (a fade at most what the other leaves of the clip). */
function renderEdits(t: Translate, clip: VoiceClip, length: number | undefined, edit: InspectorEdit) {
  const seconds = (value: number) => t('music.secondsValue', { seconds: t.number(value, 1) });
  const fades =
    length === undefined
      ? nothing
      : html`${slider({ id: 'clip-fade-in', label: t('music.fadeIn'), value: clip.fadeIn, min: 0, max: round(length - clip.fadeOut), step: 0.05, text: seconds(clip.fadeIn), onValue: (value, final) => edit.fade(clip.id, { fadeIn: value }, final) })}
        ${slider({ id: 'clip-fade-out', label: t('music.fadeOut'), value: clip.fadeOut, min: 0, max: round(length - clip.fadeIn), step: 0.05, text: seconds(clip.fadeOut), onValue: (value, final) => edit.fade(clip.id, { fadeOut: value }, final) })}`;
  return html`<div part="clip-edit" role="group" aria-label=${t('inspector.edit')}>
    ${fades}
    ${slider({ id: 'clip-gain', label: t('inspector.gain'), value: clip.gain, min: GAIN_BOTTOM, max: GAIN_TOP, step: 0.5, text: t('music.gainValue', { db: t.number(clip.gain, 1) }), onValue: (value, final) => edit.gain(clip.id, value, final) })}
  </div>`;
}

const round = (seconds: number) => Math.max(0, Math.round(seconds * 100) / 100);

/**
 * What the service says about the selected clip and the bed; with `lock`, the clip's lock (toggle or note);
 * with `edit`, the clip's fade and gain sliders (not on a clip the adopter's locks hold).
 */
export function renderInspector(t: Translate, project: Inspected, selectedId: string | null, lock?: InspectorLock, edit?: InspectorEdit) {
  const clip = project.clips.find((item) => item.id === selectedId);
  const asset = clip === undefined ? undefined : project.assets.find((item) => item.asset_id === clip.assetId);
  const voice = asset?.voice;
  const track = project.music?.track ?? null;
  if (clip === undefined && track === null) return nothing;
  const rows: Array<[string, string]> = [];
  // Which version the clip and the bed belong to, once there are several.
  const open = (project.versions?.length ?? 0) > 1 ? project.versions!.find((version) => version.id === project.openVersion) : undefined;
  if (open !== undefined) rows.push([t('inspector.version'), `${versionName(open, project.duration)} (${t.clock(project.duration)})`]);
  if (clip !== undefined) {
    if (voice !== undefined) {
      const traits = [voice.language, voice.accent, voice.gender === undefined ? undefined : t(`voice.${voice.gender}`)].filter(Boolean).join(', ');
      rows.push([t('inspector.voice'), traits ? `${voice.name} (${traits})` : voice.name]);
    }
    const speed = voice?.speed ?? clip.source?.speed;
    if (speed !== undefined) rows.push([t('voice.speed'), t('voice.speedValue', { speed: t.number(speed, 2) })]);
    if (asset !== undefined) rows.push([t('card.length'), t('music.secondsValue', { seconds: t.number(asset.duration_s, 1) })]);
    if (clip.source !== null) rows.push([t('inspector.text'), clip.source.text]);
    if (asset !== undefined) rows.push([t('inspector.asset'), asset.asset_id]);
  }
  if (track !== null) {
    const about = [track.style, track.mood, track.tempo_bpm === undefined ? undefined : t('music.tempo', { bpm: track.tempo_bpm })].filter(Boolean).join(', ');
    rows.push([t('card.music'), about ? `${track.title} (${about})` : track.title]);
  }
  const name = clip === undefined ? '' : (project.script.sections.find((section) => section.id === clip.sectionId)?.label ?? clip.id);
  return html`<section part="inspector" aria-label=${t('inspector.label')}>
    ${clip !== undefined && lock !== undefined
      ? renderLock(t, { role: lock.role, locked: clip.locked === true, reason: clip.lockReason, name: t('lock.name.clip', { name }), noteId: 'clip-lock', set: (locked, reason) => lock.set(clip.id, locked, reason) })
      : nothing}
    ${clip !== undefined && edit !== undefined && lock?.role !== 'reviewer' && !(clip.locked === true && lock?.role === 'adopter') ? renderEdits(t, clip, clipLength(project, clip), edit) : nothing}
    <dl>${rows.map(([name, value]) => html`<div><dt>${name}</dt><dd>${value}</dd></div>`)}</dl>
  </section>`;
}
