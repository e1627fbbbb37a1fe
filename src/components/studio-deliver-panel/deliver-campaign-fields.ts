// The Deliver panel's campaign fields (advertiser, product, Ad-ID, ISCI, version label), and with several versions
// the matrix of the versions to deliver, each with its own Ad-ID and ISCI. Templates and the fields' words; the
// panel keeps what was typed and refused, and commits what is valid to the project.
import { html, nothing, type TemplateResult } from 'lit';
import { CAMPAIGN_TEXT_LIMITS, campaignFieldProblem, type CampaignField } from '../../delivery/campaign.js';
import type { StringKey } from '../../i18n/en.js';
import type { Translate } from '../../i18n/translate.js';
import type { ProjectDocument } from '../../model/document.js';
import { codeProblemText } from './deliver-words.js';
import '../../i18n/later-words.js';

/** The campaign fields in the panel's order, with their words; the codes have a hint. */
export const FIELDS: readonly { name: CampaignField; label: StringKey; hint?: StringKey }[] = [
  { name: 'advertiser', label: 'deliver.advertiser' },
  { name: 'campaign', label: 'deliver.product' },
  { name: 'adId', label: 'deliver.adId', hint: 'deliver.adIdHint' },
  { name: 'isci', label: 'deliver.isci', hint: 'deliver.isciHint' },
  { name: 'versionLabel', label: 'deliver.version' },
];

/** The most characters a field takes (the codes are checked for their structure, not cut). */
const maxLength = (name: CampaignField): number => (name === 'adId' || name === 'isci' ? 40 : CAMPAIGN_TEXT_LIMITS[name]);

/** What is wrong with a field's `value`, in words; empty when nothing is. */
export function fieldProblem(t: Translate, name: CampaignField, value: string): string {
  const problem = campaignFieldProblem(name, value);
  return problem === null ? '' : codeProblemText(t, problem, value, maxLength(name));
}

/** One campaign field: its value as shown (`value`, a refused draft or the project's), told to `commit` on change. */
export function campaignField(t: Translate, field: (typeof FIELDS)[number], value: string, commit: (name: CampaignField, value: string) => void): TemplateResult {
  const problem = fieldProblem(t, field.name, value);
  const described = [field.hint ? `hint-${field.name}` : '', problem ? `error-${field.name}` : ''].filter(Boolean).join(' ');
  return html`<div class="field">
    <label for="field-${field.name}">${t(field.label)}</label>
    <input id="field-${field.name}" name=${field.name} type="text" autocomplete="off" maxlength=${maxLength(field.name)} .value=${value}
      aria-invalid=${problem ? 'true' : 'false'} aria-describedby=${described || nothing}
      @change=${(event: Event) => commit(field.name, (event.target as HTMLInputElement).value)} />
    ${field.hint ? html`<span class="hint" id="hint-${field.name}">${t(field.hint)}</span>` : nothing}
    ${problem ? html`<span class="error" id="error-${field.name}">${problem}</span>` : nothing}
  </div>`;
}

/** A version of the matrix, with its length. */
export interface MatrixVersion {
  readonly id: string;
  readonly name: string;
  readonly seconds: number;
  readonly adId: string;
  readonly isci: string;
}

/** What the matrix reads from the Deliver panel. */
export interface MatrixHost {
  readonly t: Translate;
  readonly busy: boolean;
  readonly doc: ProjectDocument;
  readonly versions: readonly MatrixVersion[];
  /** A version's code typed and refused, by `<version id>:<adId|isci>`. */
  readonly drafts: Readonly<Record<string, string>>;
  /** The versions unticked. */
  readonly off: readonly string[];
  /** How many files the ticked versions make. */
  readonly files: number;
  /** A version's code changed. */
  commit(id: string, field: 'adId' | 'isci', value: string): void;
  /** A version ticked or unticked. */
  tick(id: string, on: boolean): void;
}

/** The versions to deliver, each with its own Ad-ID and ISCI (empty: the campaign's for the first, none for another). */
export function versionMatrix(host: MatrixHost): TemplateResult {
  const { t, doc } = host;
  const code = (version: MatrixVersion, field: 'adId' | 'isci') => {
    const key = `${version.id}:${field}`;
    const value = host.drafts[key] ?? version[field];
    const problem = value.trim() === '' ? null : campaignFieldProblem(field, value);
    const id = `version-${field}-${version.id}`;
    return html`<span class="field">
      <label for=${id}>${t(field === 'adId' ? 'deliver.versionAdId' : 'deliver.versionIsci', { name: version.name })}</label>
      <input id=${id} type="text" autocomplete="off" maxlength="40" .value=${value} placeholder=${version.id === doc.versions[0]?.id ? doc.campaign[field] : ''}
        aria-invalid=${problem ? 'true' : 'false'} aria-describedby=${problem ? `${id}-error` : 'versions-hint'}
        @change=${(event: Event) => host.commit(version.id, field, (event.target as HTMLInputElement).value)} />
      ${problem ? html`<span class="error" id=${`${id}-error`}>${codeProblemText(t, problem, value, 40)}</span>` : nothing}
    </span>`;
  };
  return html`<fieldset part="versions" ?disabled=${host.busy}>
    <legend>${t('deliver.versions')}</legend>
    <p class="hint" id="versions-hint">${t('deliver.versionsHint', { files: host.files })}</p>
    ${host.versions.map(
      (version) => html`<div class="version" data-version=${version.id}>
        <input type="checkbox" id=${`deliver-version-${version.id}`} .checked=${!host.off.includes(version.id)}
          @change=${(event: Event) => host.tick(version.id, (event.target as HTMLInputElement).checked)} />
        <label for=${`deliver-version-${version.id}`}>${version.name} <span class="hint">${t.clock(version.seconds)}</span></label>
        ${code(version, 'adId')} ${code(version, 'isci')}
      </div>`,
    )}
  </fieldset>`;
}
