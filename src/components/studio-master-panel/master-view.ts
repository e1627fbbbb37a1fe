import { html, nothing, type TemplateResult } from 'lit';
import type { LoudnessMeasurement } from '../../audio/dsp/loudness.js';
import type { ComplianceResult, ComplianceRule } from '../../audio/dsp/presets.js';
import type { DeliveryPreset } from '../../delivery/presets.js';
import type { PreviewMastering } from '../../audio/preview-state.js';
import type { StringKey } from '../../i18n/en.js';
import type { Translate } from '../../i18n/translate.js';
import { presetName } from '../shared/preset-name.js';
import '../../i18n/later-words.js';


/** A preset's numbers in words: integrated ± tolerance, true peak ceiling, short-term ceiling where set. */
export function presetNumbersText(t: Translate, preset: DeliveryPreset): string {
  const values = { integrated: t.level(preset.integrated), tolerance: t.level(preset.tolerance), truePeak: t.level(preset.truePeak) };
  return preset.maxShortTerm === undefined
    ? t('master.numbers', values)
    : t('master.numbersShortTerm', { ...values, shortTerm: t.level(preset.maxShortTerm) });
}

const RULE_UNIT: Record<ComplianceRule['rule'], 'LUFS' | 'dBTP' | 's'> = { integrated: 'LUFS', truePeak: 'dBTP', shortTermMax: 'LUFS', speechFits: 's', noOverlap: 's' };

/** What a rule measured, with its unit. */
export function measuredText(t: Translate, rule: ComplianceRule): string {
  if (rule.rule === 'speechFits') return t('master.speechEnds', { time: t.clock(rule.measured, true) });
  if (rule.rule === 'noOverlap') return rule.pass ? t('master.noOverlapFound') : t('master.overlapFound', { seconds: t.number(rule.measured, 2) });
  const value = t.level(rule.measured);
  return RULE_UNIT[rule.rule] === 'LUFS' ? t('master.lufs', { value }) : t('master.dbtp', { value });
}

/** What a rule requires, from its limits. */
export function requiredText(t: Translate, rule: ComplianceRule): string {
  if (rule.rule === 'speechFits') return t('master.requireSpeechBy', { time: t.clock(rule.max ?? 0, true) });
  if (rule.rule === 'noOverlap') return t('master.requireNoOverlap');
  const unit = RULE_UNIT[rule.rule];
  if (rule.min !== undefined && rule.max !== undefined) return t('master.requireRange', { min: t.level(rule.min), max: t.level(rule.max), unit });
  return t('master.requireMax', { max: t.level(rule.max ?? Number.NaN), unit });
}

/** The meter's figures as a definition list (label, value). */
export function meterList(t: Translate, m: LoudnessMeasurement): TemplateResult {
  const rows: Array<[StringKey, string]> = [
    ['master.integrated', t('master.lufs', { value: t.level(m.integrated) })],
    ['master.momentaryMax', t('master.lufs', { value: t.level(m.momentaryMax) })],
    ['master.shortTermMax', t('master.lufs', { value: t.level(m.shortTermMax) })],
    ['master.range', t('master.lu', { value: t.level(m.range) })],
    ['master.samplePeak', t('master.dbfs', { value: t.level(m.samplePeak) })],
    ['master.truePeak', t('master.dbtp', { value: t.level(m.truePeak) })],
  ];
  return html`<dl part="figures">
    ${rows.map(([label, value]) => html`<div class="figure" part="figure"><dt>${t(label)}</dt><dd data-figure=${label.slice(7)}>${value}</dd></div>`)}
  </dl>`;
}

/** The checks: a verdict word with an icon, the rule, what was measured and what is required. */
export function checksList(t: Translate, compliance: ComplianceResult): TemplateResult {
  const failed = compliance.rules.filter((rule) => !rule.pass).length;
  const preset = presetName(t, compliance.preset);
  return html`<p part="summary">${failed === 0 ? t('master.summaryPass', { preset }) : t('master.summaryFail', { failed, total: compliance.rules.length, preset })}</p>
    <ul>
      ${compliance.rules.map(
        (rule) => html`<li part="check" class=${rule.pass ? 'pass' : 'fail'} data-rule=${rule.rule}>
          <span part="verdict"><span aria-hidden="true">${rule.pass ? '✓' : '✗'}</span> ${t(rule.pass ? 'master.pass' : 'master.fail')}</span>
          <span>${t(`master.rule.${rule.rule}` as StringKey)}: ${measuredText(t, rule)} (${requiredText(t, rule)})</span>
        </li>`,
      )}
    </ul>`;
}

/** What mastering did: input loudness, gain and limiter reduction. */
export function masteringList(t: Translate, mastering: PreviewMastering | null): TemplateResult | typeof nothing {
  if (mastering === null) return nothing;
  return html`<dl part="mastering" aria-label=${t('master.did')}>
    <div class="figure"><dt>${t('master.input')}</dt><dd>${t('master.lufs', { value: t.level(mastering.inputIntegrated) })}</dd></div>
    <div class="figure"><dt>${t('master.gain')}</dt><dd>${t('master.db', { value: t.level(mastering.gainDb, true) })}</dd></div>
    <div class="figure"><dt>${t('master.limiter')}</dt><dd>${t('master.db', { value: t.level(mastering.limiterReductionDb) })}</dd></div>
  </dl>`;
}
