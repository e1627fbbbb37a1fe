// What the editor's status line says of the preview, and why an edit was refused: a module of its own with
// its words (en-later.ts), loaded once the editor is ready (there is no preview before, nor anything refused).
// The parts a project can need at first paint are ./status-facts.ts.
import type { PreviewState } from '../../audio/preview-state.js';
import type { StringKey } from '../../i18n/en.js';
import type { Translate } from '../../i18n/translate.js';
import type { EditorRefusal, LockRefusal } from '../../model/editor-state.js';
import { speechPastEnd } from '../../rules/limits.js';
import { presetName } from '../shared/preset-name.js';
import '../../i18n/later-words.js';

/**
 * The editor's status line: what the preview is doing, and once it is ready, the ad's length, loudness
 * and whether it meets its delivery preset. Empty while there is nothing to hear.
 */
export function statusLine(t: Translate, state: PreviewState | undefined): string {
  if (state === undefined || state.status === 'empty') return '';
  if (state.status === 'error') return t('status.error');
  if (state.status === 'rendering') return t('status.rendering', { stage: t(`export.stage.${state.stage ?? 'mix'}` as StringKey) });
  const { measurement, compliance } = state;
  if (measurement === null) return '';
  const ready = t('status.ready', { duration: t.clock(state.duration, true), integrated: t.level(measurement.integrated), truePeak: t.level(measurement.truePeak) });
  // A spot that cuts speech or speaks twice at once never "meets" anything: say what is wrong first.
  const timing = state.timing;
  const project = state.duration;
  if (timing !== null && speechPastEnd(timing.speechEnd, project) > 0) {
    return `${ready} ${t('status.speechCut', { seconds: t.number(timing.speechEnd - project, 1), end: t.clock(project) })}`;
  }
  if (timing !== null && timing.overlaps.length > 0) return `${ready} ${t.plural('status.overlap', timing.overlaps.length)}`;
  if (compliance === null) return ready;
  const preset = presetName(t, compliance.preset);
  return `${ready} ${compliance.pass ? t('status.meets', { preset }) : t('status.misses', { preset })}`;
}

/** What is locked, in the user's words ("The section “Disclaimer”"). */
function lockedWhat(t: Translate, refusal: LockRefusal): string {
  const { target, name } = refusal;
  switch (target.kind) {
    case 'clip':
      return name === undefined ? t('lock.what.part') : t('lock.what.clip', { name });
    case 'section':
      return name === undefined ? t('lock.what.part') : t('lock.what.section', { name });
    case 'bed':
      return t('lock.what.bed');
    case 'duration':
      return t('lock.what.duration');
    case 'delivery':
      return t('lock.what.delivery');
  }
}

/**
 * "The section “Disclaimer” is locked, so nothing changed: <reason>" (with a space after it) while the last
 * action was refused for a lock (adopter role), "You are reviewing: …" for the reviewer role; else empty.
 */
export function refusalLine(t: Translate, refusal: EditorRefusal | undefined): string {
  if (refusal === undefined) return '';
  if ('reviewOnly' in refusal) return `${t('review.refused')} `;
  const what = lockedWhat(t, refusal);
  if (refusal.reason === undefined) return `${t('lock.refusedPlain', { what })} `;
  // The creator's reason ends the sentence: a full stop where it has none, before what the line says next.
  const reason = /[.!?…]$/u.test(refusal.reason.trim()) ? refusal.reason.trim() : `${refusal.reason.trim()}.`;
  return `${t('lock.refused', { what, reason })} `;
}
