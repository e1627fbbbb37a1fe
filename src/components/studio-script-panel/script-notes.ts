// What the Script panel says under the script: the judge's findings on the read (src/rules/judge.ts, as it says
// them of a version and a feed row), with the fixes of a fast read; and, once, that the service hears no direction.
import { html, nothing, type TemplateResult } from 'lit';
import type { Translate } from '../../i18n/translate.js';
import type { Finding } from '../../rules/finding.js';
import { findingWords } from '../shared/finding-words.js';

/** The fixes a fast read offers, and what the panel knows of them. */
export interface ReadFixes {
  /** A job runs or no client: Shorten waits. */
  readonly busy: boolean;
  /** What shortening costs, when the service says. */
  readonly credits: number | undefined;
  readonly shorten: () => void;
  readonly keep: (measured: number) => void;
}

/**
 * The judge's `found` on the read: a read faster than 1.10x, with its two fixes; words a second above Amazon's
 * advice, or above a chosen destination's limit; any other finding, each in its words.
 */
export function renderReadFindings(t: Translate, found: readonly Finding[], fixes: ReadFixes): TemplateResult {
  const fast = found.find((item) => item.rule === 'fast-read');
  const pace = found.find((item) => item.rule === 'words-per-second');
  const others = found.filter((item) => item !== fast && item !== pace);
  const { credits } = fixes;
  return html`${fast !== undefined
      ? html`<div part="speed-warning" class="warning">
          <p>${findingWords(t, fast)}</p>
          <div class="actions">
            <button type="button" ?disabled=${fixes.busy} @click=${fixes.shorten} aria-describedby=${credits === undefined ? nothing : 'shorten-price'}>${t('length.shorten')}</button>
            ${credits === undefined ? nothing : html`<span id="shorten-price" part="shorten-price" class="cost">${t.plural('credits.uses', credits)}</span>`}
            <button type="button" @click=${() => fixes.keep(fast.measured)}>${t('length.keep')}</button>
          </div>
        </div>`
      : nothing}
    ${pace === undefined ? nothing : html`<p part="pace-warning" class=${pace.severity === 'problem' ? 'warning problem' : 'warning'}>${findingWords(t, pace)}</p>`}
    ${others.map((item) => html`<p part="rule-warning" class=${item.severity === 'problem' ? 'warning problem' : 'warning'} data-rule=${item.rule}>${findingWords(t, item)}</p>`)}`;
}

/**
 * That the service takes no direction (`api.direction: 'none'`), said once: from the first mark in the script
 * until dismissed. Its takes read the plain words; the marks stay in the script, for another service or a change
 * of the setting.
 */
export function renderDirectionDropped(t: Translate, shown: boolean, dismiss: () => void): TemplateResult | typeof nothing {
  if (!shown) return nothing;
  return html`<div part="direction-dropped" class="note" role="status">
    <p>${t('direction.dropped')}</p>
    <button type="button" class="small" @click=${dismiss}>${t('direction.droppedDismiss')}</button>
  </div>`;
}
