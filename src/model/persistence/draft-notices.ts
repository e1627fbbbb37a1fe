// The notices autosave shows about the user's work: a stored draft that differs from the loaded project, a
// draft that cannot be read, a failed save, newer work saved by another tab. Each is built from the words'
// keys and the actions autosave gives it; what the actions do (the pause, the store, the flush) stays there.
import type { StringKey } from '../../i18n/en.js';
import { formatDateTime } from '../../i18n/format.js';
import type { StudioNotice } from '../notices.js';
import type { StudioStorageError } from './storage-error.js';

type Run = () => void;

/**
 * The draft-differs notice and its confirmation, as one small flow: "Keep loaded project" first asks again,
 * naming the draft that will be lost, and "Back" returns to the offer. `show` puts a notice up.
 */
export function offerDraftNotice(
  show: (notice: StudioNotice) => void,
  draft: { cleanExit: boolean; params: StudioNotice['params']; details: readonly StringKey[] },
  actions: { restore: Run; replace: Run; exportDraft: Run },
): void {
  const base = { kind: 'restore-draft', tone: 'warning', params: draft.params, details: draft.details, dismissible: false } as const;
  const offer = (): void =>
    show({
      ...base,
      message: draft.cleanExit ? 'notice.draftDiffers' : 'notice.draftCrashed',
      actions: [
        { label: 'notice.restoreDraft', run: actions.restore },
        { label: 'notice.keepLoaded', run: confirmKeep },
        { label: 'notice.exportDraft', run: actions.exportDraft },
      ],
    });
  const confirmKeep = (): void =>
    show({
      ...base,
      message: 'notice.confirmKeep',
      actions: [
        { label: 'notice.confirmReplace', run: actions.replace },
        { label: 'notice.exportDraft', run: actions.exportDraft },
        { label: 'notice.back', run: offer },
      ],
    });
  offer();
}

/** A stored draft that no longer reads as a project: download it as it is, or replace it with this one. */
export const unreadableDraftNotice = (reason: string, actions: { download: Run; replace: Run }): StudioNotice => ({
  kind: 'draft-unreadable',
  tone: 'error',
  message: 'notice.draftUnreadable',
  params: { reason },
  dismissible: false,
  actions: [
    { label: 'notice.downloadDraft', run: actions.download },
    { label: 'notice.replaceDraft', run: actions.replace },
  ],
});

/** A save that failed (no room, no storage, a failed transaction): the work stays in memory. */
export const saveFailedNotice = (code: StudioStorageError['code'], reason: string, actions: { exportProject: Run; tryAgain: Run }): StudioNotice => ({
  kind: 'save-failed',
  tone: 'error',
  message: `notice.${code}`,
  params: { reason },
  dismissible: true,
  actions: [
    { label: 'notice.exportProject', run: actions.exportProject },
    { label: 'notice.tryAgain', run: actions.tryAgain },
  ],
});

/** Another tab saved newer work of this project. */
export const otherTabNotice = (actions: { loadNewer: Run; exportThis: Run }): StudioNotice => ({
  kind: 'other-tab',
  tone: 'warning',
  message: 'notice.otherTab',
  dismissible: false,
  actions: [
    { label: 'notice.loadNewer', run: actions.loadNewer },
    { label: 'notice.exportThis', run: actions.exportThis },
  ],
});

/** Saves a stored draft exactly as it was found, for a draft that cannot be read as a project. */
export function downloadRawDraft(raw: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(raw, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'saved-draft.studio.json';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** When a draft was saved, in the editor's locale ("" when unknown), for the notices' `{time}`. */
export const savedAtText = (iso: string, locale: string | undefined): string => formatDateTime(locale ?? 'en', iso);
