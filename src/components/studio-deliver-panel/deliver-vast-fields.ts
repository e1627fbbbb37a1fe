// The Deliver panel's VAST fields, shown while a VAST destination is chosen: where the host will serve the files
// (the media base URL) and the impression URLs, one a line; what the judge's VAST rules (src/rules/vast.ts) find
// wrong with each, in the user's words (never the URL: it may hold a token). The panel (`VastFieldsHost`) keeps what was typed and which fields were left.
import { html, nothing, type TemplateResult } from 'lit';
import { VAST_LIMITS } from '../../delivery/vast.js';
import type { Translate } from '../../i18n/translate.js';
import { judge } from '../../rules/judge.js';
import { vastUrlText } from './deliver-words.js';
import '../../i18n/later-words.js';

/** A VAST field of the panel. */
export type VastField = 'base' | 'impressions';

/** The VAST fields' values, as shown. */
export interface VastValues {
  readonly base: string;
  readonly impressions: string;
}

/** What the VAST fields read from the Deliver panel. */
export interface VastFieldsHost {
  readonly t: Translate;
  readonly busy: boolean;
  /** The fields as shown: as typed, else the first chosen VAST profile's own. */
  readonly values: VastValues;
  /** The fields whose errors show: each once left (blur), both after Deliver. */
  readonly checked: readonly VastField[];
  /** A field typed in. */
  input(field: VastField, value: string): void;
  /** A field left. */
  leave(field: VastField): void;
}

/** The impression URLs typed: one a line, the spaces around each and blank lines left out, with each line's number. */
export const impressionLines = (text: string): { line: number; url: string }[] =>
  text.split(/\r\n|\r|\n/).flatMap((url, index) => (url.trim() === '' ? [] : [{ line: index + 1, url: url.trim() }]));

/** What the judge finds wrong with each VAST field, in words (never the URL: it may hold a token); empty when nothing is. */
export function vastProblems(t: Translate, { base, impressions }: VastValues): VastValues {
  const lines = impressionLines(impressions);
  const found = judge({ kind: 'vast', destinations: [{ destination: '', mediaBaseUrl: base, impressionUrls: lines.map(({ url }) => url) }] });
  let baseText = '';
  let impressionsText = '';
  for (const item of found) {
    if (item.rule === 'vast-media-base-required') baseText = t('deliver.vastBaseMissing');
    else if (item.rule === 'vast-media-base-url' && item.fault !== undefined) baseText = vastUrlText(t, item.fault);
    else if (impressionsText !== '') continue;
    else if (item.rule === 'vast-impression-required') impressionsText = t('deliver.vastImpressionsMissing');
    else if (item.rule === 'vast-impression-count') impressionsText = t('deliver.vastImpressionsMany', { max: item.limit?.value ?? VAST_LIMITS.impressionUrls, count: item.measured });
    else if (item.rule === 'vast-impression-url' && item.fault !== undefined) {
      const at = item.index ?? 0;
      impressionsText = t('deliver.vastImpressionLine', { line: lines[at]?.line ?? at + 1, problem: vastUrlText(t, item.fault) });
    }
  }
  return { base: baseText, impressions: impressionsText };
}

/** Where the host will serve a VAST destination's files, and the impression URLs: errors once a field is left, and on Deliver. */
export function vastFields(host: VastFieldsHost): TemplateResult {
  const t = host.t;
  const { base, impressions } = host.values;
  const problems = vastProblems(t, host.values);
  const baseError = host.checked.includes('base') ? problems.base : '';
  const impressionsError = host.checked.includes('impressions') ? problems.impressions : '';
  return html`<fieldset part="vast-fields" ?disabled=${host.busy}>
    <legend>${t('deliver.vastFields')}</legend>
    <div class="field">
      <label for="vast-base">${t('deliver.vastBase')}</label>
      <input id="vast-base" name="vastBase" type="url" inputmode="url" autocomplete="off" autocapitalize="off" spellcheck="false" required
        maxlength=${VAST_LIMITS.url} placeholder="https://cdn.example.com/ads/" .value=${base}
        aria-invalid=${baseError ? 'true' : 'false'} aria-describedby=${baseError ? 'vast-base-hint vast-base-error' : 'vast-base-hint'}
        @input=${(event: Event) => host.input('base', (event.target as HTMLInputElement).value)} @blur=${() => host.leave('base')} />
      <span class="hint" id="vast-base-hint">${t('deliver.vastBaseHint')}</span>
      ${baseError ? html`<span class="error" id="vast-base-error">${baseError}</span>` : nothing}
    </div>
    <div class="field">
      <label for="vast-impressions">${t('deliver.vastImpressions')}</label>
      <textarea id="vast-impressions" name="vastImpressions" rows="3" required autocomplete="off" autocapitalize="off" spellcheck="false" .value=${impressions}
        aria-invalid=${impressionsError ? 'true' : 'false'} aria-describedby=${impressionsError ? 'vast-impressions-hint vast-impressions-error' : 'vast-impressions-hint'}
        @input=${(event: Event) => host.input('impressions', (event.target as HTMLTextAreaElement).value)} @blur=${() => host.leave('impressions')}></textarea>
      <span class="hint" id="vast-impressions-hint">${t('deliver.vastImpressionsHint', { max: VAST_LIMITS.impressionUrls })}</span>
      ${impressionsError ? html`<span class="error" id="vast-impressions-error">${impressionsError}</span>` : nothing}
    </div>
  </fieldset>`;
}
