// The Deliver panel's checklist row of one destination: its checkbox, key numbers and source, and under a
// destination of several files each of them (a VAST one adds the vast.xml that points at them). Templates only.
import { html, nothing, type TemplateResult } from 'lit';
import type { DestinationProfile } from '../../delivery/types.js';
import type { Translate } from '../../i18n/translate.js';
import { destinationNumbers, renditionTexts, unpublishedText } from './deliver-words.js';
import '../../i18n/later-words.js';

/** Only web addresses become links (a host's config could hold any text). */
const webUrl = (url: string | undefined): string | undefined => (url !== undefined && /^https?:\/\//i.test(url) ? url : undefined);

/** One destination of the checklist; `toggle` is told when its checkbox changes. */
export function destinationRow(t: Translate, destination: DestinationProfile, checked: boolean, toggle: (id: string, on: boolean) => void): TemplateResult {
  const id = destination.id;
  const url = webUrl(destination.source.url);
  const unpublished = unpublishedText(t, destination);
  return html`<div part="destination" data-destination=${id}>
    <input type="checkbox" id="destination-${id}" aria-describedby="numbers-${id}" .checked=${checked}
      @change=${(event: Event) => toggle(id, (event.target as HTMLInputElement).checked)} />
    <label for="destination-${id}">${destination.label}</label>
    <span part="numbers" id="numbers-${id}">${destinationNumbers(t, destination)}</span>
    <details part="source">
      <summary>${t('deliver.sourceLabel')}</summary>
      <p>${url === undefined ? destination.source.title : html`<a href=${url} target="_blank" rel="noopener noreferrer">${destination.source.title}</a>`}</p>
      ${unpublished ? html`<p>${unpublished}</p>` : nothing}
    </details>
    ${renditions(t, destination)}
  </div>`;
}

/** Under a destination of several files: each of them; a VAST one adds the vast.xml that points at them. */
function renditions(t: Translate, destination: DestinationProfile): TemplateResult | typeof nothing {
  const files = renditionTexts(t, destination);
  if (files.length === 0) return nothing;
  const vast = destination.vast !== undefined;
  return html`<div class="renditions" part=${vast ? 'vast' : nothing}>
    <p>${t('deliver.vastMakes')}</p>
    <ul>
      ${files.map((file) => html`<li>${file}</li>`)}
    </ul>
    ${vast ? html`<p>${t('deliver.vastWrites')}</p>` : nothing}
  </div>`;
}
