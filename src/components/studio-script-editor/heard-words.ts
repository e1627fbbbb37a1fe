// Under a section edited since its take was voiced (its old take still plays): the words heard now, and the new
// words not yet voiced, each run marked. For the creator who edits and the reviewer who comments on what plays.
import { html, nothing, type TemplateResult } from 'lit';
import type { Translate } from '../../i18n/translate.js';
import { heardRuns } from '../../script/heard-words.js';
import '../../i18n/later-words.js';

/** A section's words as its take says them (`heard`) and as they are now (`now`). */
export interface HeardWords {
  readonly heard: string;
  readonly now: string;
}

/** The words heard and those not yet voiced, as a group named for section `label` (its id `heard-<id>`). */
export function renderHeard(t: Translate, id: string, label: string, words: HeardWords): TemplateResult {
  const fresh = heardRuns(words.heard, words.now).filter((run) => run.fresh);
  return html`<div class="heard" part="heard" id="heard-${id}" role="group" aria-label=${t('script.heardLabel', { label })}>
    <p><span class="lead">${t('script.heardNow')}</span> “${words.heard}”</p>
    ${fresh.length === 0
      ? nothing
      : html`<p><span class="lead">${t('script.notVoiced')}</span> ${fresh.map((run, index) => html`${index > 0 ? ' … ' : ''}<mark>${run.text}</mark>`)}</p>`}
  </div>`;
}
