import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { resolvePreset } from '../../audio/dsp/presets.js';
import { DELIVERY_PRESETS, type DeliveryPresetId } from '../../delivery/presets.js';
import { PreviewController } from '../../controllers/preview-controller.js';
import { StoreController } from '../../controllers/store-controller.js';
import type { StringKey } from '../../i18n/en.js';
import { defineElement } from '../../internal/define.js';
import { exportPanelParts } from '../shared/exported-parts.js';
import { StudioElement } from '../shared/studio-element.js';
import { controlStyles } from '../shared/controls.styles.js';
import { describeError } from '../../i18n/error-words.js';
import { panelStyles, sourcedChoiceStyles } from '../shared/panel.styles.js';
import { headingStyles } from '../shared/panel-text.styles.js';
import { checksList, masteringList, meterList, presetNumbersText } from './master-view.js';
import { presetName } from '../shared/preset-name.js';
import { lockHolds, lockStyles, renderLock } from '../shared/lock-control.js';
import type { ProjectLocks } from '../../model/document.js';
import type { PreviewState } from '../../audio/preview-state.js';
import './loudness-graph.js';
import '../../i18n/later-words.js';

/** Allowed custom target, LUFS (as `config.mastering.target` and the project schema). */
export const TARGET_RANGE = [-40, -5] as const;
/** Allowed custom true peak ceiling, dBTP (as `config.mastering.truePeak` and the project schema). */
export const TRUE_PEAK_RANGE = [-9, 0] as const;
/** The loudness the meter's bar spans, LUFS. */
const BAR_RANGE = [-50, 0] as const;

const PRESET_IDS = Object.keys(DELIVERY_PRESETS) as DeliveryPresetId[];

type Field = 'target' | 'truePeak';

const fraction = (lufs: number) => (Number.isFinite(lufs) ? Math.min(1, Math.max(0, (lufs - BAR_RANGE[0]) / (BAR_RANGE[1] - BAR_RANGE[0]))) : 0);

/** The structural parts an editor exports from this panel, each as `master-<part>`, but `mastering` as `master-result` (docs/styling.md). */
const MASTER_PARTS = ['switch', 'presets', 'preset', 'numbers', 'source', 'custom', 'meter', 'graph', 'bar', 'figures', 'figure', 'updating', 'checks', 'summary', 'check', 'verdict', 'mastering', 'apply', 'message', 'locks', 'lock', 'lock-note'];
const MASTER_RENAMED = { mastering: 'master-result' };

/**
 * Master: the delivery preset (each with its numbers and where they come from), custom target and true peak,
 * the mastering switch, the loudness meter of what plays (from the editor's preview), a check per rule of the
 * preset, what mastering did, and "Apply mastering" (mastering on for the chosen preset, one undo step).
 *
 * @tagname studio-editor-master-panel
 * @csspart switch - The mastering on/bypassed switch and its state.
 * @csspart graph - The loudness over time (`<studio-editor-loudness-graph>`).
 * @csspart presets - The preset radio group.
 * @csspart preset - One preset: radio, name and numbers.
 * @csspart numbers - A preset's numbers.
 * @csspart source - Where a preset's numbers come from (expandable).
 * @csspart custom - The custom target and true peak fields.
 * @csspart meter - The loudness meter: bar and figures.
 * @csspart bar - The bar of integrated loudness against the target.
 * @csspart figures - The list of measured figures.
 * @csspart figure - One figure (label and value).
 * @csspart updating - The note shown while the mix is measured again.
 * @csspart checks - The delivery checks.
 * @csspart summary - The one-line result of the checks.
 * @csspart check - One rule: verdict, measured value and limit.
 * @csspart verdict - A rule's Pass or Fail, with its icon.
 * @csspart mastering - What mastering did (input loudness, gain, limiter).
 * @csspart apply - The "Apply mastering" button.
 * @csspart message - The empty, error or waiting message.
 * @csspart locks - The locks on the ad's length and delivery settings: a creator's toggles, an adopter's notes.
 * @csspart lock - A creator's lock toggle and reason.
 * @csspart lock-note - An adopter's note on a locked part: a lock and its reason.
 */
export class StudioMasterPanel extends StudioElement {
  static override styles = [
    controlStyles,
    panelStyles,
    headingStyles,
    sourcedChoiceStyles,
    lockStyles,
    css`
      [part='locks'] {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 16px;
        margin: 0 0 8px;
      }
      :host {
        container-type: inline-size;
      }
      [part='switch'],
      [part='preset'] {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 8px;
        align-items: center;
      }
      [part='presets'] {
        display: grid;
        gap: 8px;
      }
      [part='preset'] label {
        font-weight: normal;
      }
      /*
       * Wide enough: a row per preset (name, numbers, where they come from) in aligned columns. The columns
       * give way to the panel's width (judged on the panel's own width): a figure too long wraps in its column
       * rather than pushing the panel sideways.
       */
      @container (min-width: 640px) {
        [part='presets'] {
          grid-template-columns: auto minmax(0, max-content) minmax(0, max-content) minmax(0, 1fr);
          gap: 2px 8px;
        }
        [part='preset'] {
          display: grid;
          grid-column: 1 / -1;
          grid-template-columns: subgrid;
          min-height: 28px;
        }
        [part='preset'] input {
          min-height: 0;
          margin-block: 0;
        }
        [part='preset'] [part='numbers'],
        [part='preset'] [part='source'] {
          padding-inline-start: 0;
          min-width: 0;
          overflow-wrap: anywhere;
        }
      }
      [part='custom'] {
        display: flex;
        flex-wrap: wrap;
        gap: 8px 16px;
      }
      .field {
        display: grid;
        gap: 4px;
      }
      .error {
        color: var(--_danger, #b91c1c);
      }
      [part='meter'].stale [part='figures'] {
        opacity: 0.6;
      }
      [part='bar'] {
        position: relative;
        height: 10px;
        border-radius: 5px;
        background: var(--_surface-alt, #f3f4f6);
        overflow: hidden;
      }
      .fill {
        height: 100%;
        width: calc(var(--_level, 0) * 100%);
        background: var(--_accent, #2563eb);
      }
      .target {
        position: absolute;
        top: 0;
        bottom: 0;
        left: calc(var(--_target, 0) * 100%);
        width: 2px;
        background: var(--_text, #111827);
      }
      dl {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(min(100%, 140px), 1fr));
        gap: 8px;
        margin: 0;
      }
      dd {
        margin: 0;
        font-variant-numeric: tabular-nums;
        font-weight: 600;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 4px;
      }
      [part='check'] {
        display: flex;
        gap: 8px;
      }
      [part='verdict'] {
        font-weight: 600;
        min-width: 6em;
      }
      .pass [part='verdict'] {
        color: var(--_text, #111827);
      }
      .fail [part='verdict'] {
        color: var(--_danger, #b91c1c);
      }
      button.primary {
        justify-self: start;
      }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    exportPanelParts(this, 'master', MASTER_PARTS, MASTER_RENAMED);
  }

  /** Set by `<studio-editor-panels>` while another panel is shown. */
  @property({ type: Boolean, reflect: true }) override hidden = false;

  /** What the user typed in a custom field, until it is valid. */
  @state() private drafts: Partial<Record<Field, string>> = {};
  @state() private invalid: Partial<Record<Field, boolean>> = {};
  @state() private announcement = '';

  readonly #mastering = new StoreController(this, (s) => s.project.mastering);
  readonly #locks = new StoreController(this, (s) => [s.role, s.project.locks] as const);
  readonly #preview = new PreviewController(this);

  /**
   * The custom target's own numbers: the last ones the project used with Custom (the preset's defaults
   * before that). Shown on the Custom row even while another preset is chosen, and what choosing Custom
   * starts from, so it never takes the numbers of the preset chosen before it.
   */
  #customNumbers: { target: number; truePeak: number } = { target: DELIVERY_PRESETS.custom.integrated, truePeak: DELIVERY_PRESETS.custom.truePeak };

  protected override willUpdate(): void {
    const mastering = this.#mastering.value;
    if (mastering?.preset === 'custom') this.#customNumbers = { target: mastering.target, truePeak: mastering.truePeak };
  }

  #choosePreset(preset: DeliveryPresetId): void {
    const now = this.#mastering.value;
    if (now?.preset === 'custom') this.#customNumbers = { target: now.target, truePeak: now.truePeak };
    // Custom starts from the numbers shown on its row (one undo step, preset and numbers together).
    if (preset === 'custom') this.#mastering.dispatch({ type: 'mastering/set-target', ...this.#customNumbers });
    else this.#mastering.dispatch({ type: 'mastering/set-preset', preset });
    this.drafts = {};
    this.invalid = {};
  }

  #commit(field: Field, input: HTMLInputElement): void {
    const [min, max] = field === 'target' ? TARGET_RANGE : TRUE_PEAK_RANGE;
    const text = input.value.trim();
    const value = Number(text);
    const ok = text !== '' && Number.isFinite(value) && value >= min && value <= max;
    this.drafts = { ...this.drafts, [field]: input.value };
    this.invalid = { ...this.invalid, [field]: !ok };
    if (!ok) return;
    this.#mastering.dispatch(field === 'target' ? { type: 'mastering/set-target', target: value } : { type: 'mastering/set-target', truePeak: value });
    const { [field]: _done, ...rest } = this.drafts;
    this.drafts = rest;
  }

  #setEnabled(enabled: boolean): void {
    this.#mastering.dispatch({ type: 'mastering/set-enabled', enabled });
  }

  #apply(preset: DeliveryPresetId): void {
    this.#mastering.dispatch({ type: 'mastering/set-enabled', enabled: true, preset });
    this.announcement = this.t('master.applied', { preset: presetName(this.t, preset) });
  }

  protected override updated(): void {
    // Through the CSSOM, not a style attribute: a strict CSP blocks inline styles.
    const bar = this.renderRoot.querySelector<HTMLElement>('[part="bar"]');
    const mastering = this.#mastering.value;
    const measurement = this.#preview.state?.measurement;
    if (bar && mastering && measurement) {
      bar.style.setProperty('--_level', String(fraction(measurement.integrated)));
      bar.style.setProperty('--_target', String(fraction(mastering.target)));
    }
  }

  protected override render() {
    const mastering = this.#mastering.value;
    if (mastering === undefined) return nothing;
    const t = this.t;
    const [role, locks] = this.#locks.value ?? ['creator', {}];
    // Locked delivery settings, for an adopter: every control disabled, and each says why.
    const held = lockHolds({ role, locked: locks.delivery !== undefined });
    const why = held ? ' delivery-lock' : '';
    // The locks come last for a creator (the presets first, in view) and first for an adopter (why it is fixed).
    return html`<h3>${t('master.heading')}</h3>
      ${role === 'adopter' ? this.#renderLocks(role, locks) : nothing}
      <div part="switch">
        <input id="enabled" type="checkbox" role="switch" aria-describedby="enabled-state${why}" .checked=${mastering.enabled} ?disabled=${held}
          @change=${(e: Event) => this.#setEnabled((e.target as HTMLInputElement).checked)} />
        <label for="enabled">${t('master.switch')}</label>
        <span id="enabled-state" class="hint">${t(mastering.enabled ? 'master.on' : 'master.bypassed')}</span>
      </div>
      <fieldset part="presets">
        <legend>${t('master.presets')}</legend>
        ${PRESET_IDS.map((id) => {
          const preset = resolvePreset(id, id === 'custom' ? this.#customNumbers : mastering);
          return html`<div part="preset">
            <input type="radio" name="preset" id="preset-${id}" value=${id} aria-describedby="numbers-${id}${why}" .checked=${mastering.preset === id} ?disabled=${held}
              @change=${() => this.#choosePreset(id)} />
            <label for="preset-${id}">${presetName(t, id)}</label>
            <span part="numbers" id="numbers-${id}">${presetNumbersText(t, preset)}</span>
            <details part="source"><summary>${t('master.sourceLabel')}</summary>${t(`master.source.${id}` as StringKey)}</details>
          </div>`;
        })}
      </fieldset>
      ${mastering.preset === 'custom' ? this.#custom(mastering.target, mastering.truePeak, held) : nothing}
      ${this.#measured(mastering.enabled)}
      ${mastering.enabled
        ? nothing
        : html`<button class="primary" part="apply" type="button" aria-describedby="apply-hint${why}" ?disabled=${held} @click=${() => this.#apply(mastering.preset)}>${t('master.apply')}</button>
            <p id="apply-hint" class="hint">${t('master.applyHint', { preset: presetName(t, mastering.preset) })}</p>`}
      ${role === 'creator' ? this.#renderLocks(role, locks) : nothing}
      <p role="status" class="hint">${this.announcement}</p>`;
  }

  /** The locks on the length and the delivery: toggles for a creator, notes (where locked) for an adopter. */
  #renderLocks(role: 'creator' | 'adopter', locks: ProjectLocks) {
    const t = this.t;
    const control = (key: keyof ProjectLocks) => {
      const lock = locks[key];
      return renderLock(t, {
        role,
        locked: lock !== undefined,
        reason: lock?.reason,
        name: t(key === 'duration' ? 'lock.name.duration' : 'lock.name.delivery'),
        noteId: `${key}-lock`,
        set: (locked, reason) => this.#mastering.dispatch({ type: 'lock/set', target: { kind: key }, locked, ...(reason === undefined ? {} : { reason }) }),
      });
    };
    const shown = (['duration', 'delivery'] as const).filter((key) => role === 'creator' || locks[key] !== undefined);
    if (shown.length === 0) return nothing;
    return html`<div part="locks">
      ${shown.map((key) => html`<span>${t(key === 'duration' ? 'lock.what.duration' : 'lock.what.delivery')} ${control(key)}</span>`)}
    </div>`;
  }

  #custom(target: number, truePeak: number, held: boolean) {
    const t = this.t;
    const field = (name: Field, label: StringKey, error: StringKey, value: number, [min, max]: readonly [number, number], step: number) => {
      const invalid = this.invalid[name] === true;
      return html`<div class="field">
        <label for=${name}>${t(label)}</label>
        <input id=${name} type="number" inputmode="decimal" min=${min} max=${max} step=${step} .value=${this.drafts[name] ?? String(value)}
          aria-invalid=${invalid ? 'true' : 'false'} aria-describedby=${invalid ? `${name}-error` : held ? 'delivery-lock' : nothing} ?disabled=${held}
          @change=${(e: Event) => this.#commit(name, e.target as HTMLInputElement)} />
        ${invalid ? html`<p class="error" id="${name}-error">${t(error, { min, max })}</p>` : nothing}
      </div>`;
    };
    return html`<div part="custom">
      ${field('target', 'master.target', 'master.targetInvalid', target, TARGET_RANGE, 0.5)}
      ${field('truePeak', 'master.truePeakCeiling', 'master.truePeakInvalid', truePeak, TRUE_PEAK_RANGE, 0.1)}
    </div>`;
  }

  /** The loudness of the render over time, against the project's preset, its cursor at the playhead; a click plays from there. */
  #graph(state: PreviewState) {
    const mastering = this.#mastering.value;
    if (mastering === undefined || state.series === null) return nothing;
    const preset = resolvePreset(mastering.preset, mastering);
    return html`<studio-editor-loudness-graph part="graph" .series=${state.series} .duration=${state.duration} .target=${preset.integrated}
      .tolerance=${preset.tolerance} .ceiling=${preset.truePeak} .clock=${() => this.#preview.source?.currentTime ?? 0} ?playing=${state.transport === 'playing'}
      @graph-seek=${(event: CustomEvent<{ time: number }>) => this.#preview.source?.seek(event.detail.time)}></studio-editor-loudness-graph>`;
  }

  #measured(enabled: boolean) {
    const t = this.t;
    const state = this.#preview.state;
    if (state === undefined) return html`<p part="message">${t('master.noPreview')}</p>`;
    if (state.status === 'empty') return html`<p part="message">${t('master.empty')}</p>`;
    if (state.status === 'error') return html`<p part="message" role="alert">${t('master.error', { message: describeError(state.error, t).text })}</p>`;
    const { measurement, compliance } = state;
    const updating = state.status === 'rendering';
    if (measurement === null) return html`<p part="message" role="status">${t('master.measuring')}</p>`;
    const failing = compliance !== null && !compliance.pass;
    return html`<section part="meter" class=${updating ? 'stale' : ''} aria-labelledby="meter-heading" aria-busy=${updating ? 'true' : 'false'}>
        <h4 id="meter-heading">${t('master.meter')}</h4>
        <p part="updating" role="status">${updating ? t('master.updating') : ''}</p>
        <div part="bar" aria-hidden="true"><div class="fill"></div><div class="target"></div></div>
        ${meterList(t, measurement)}
        ${this.#graph(state)}
      </section>
      ${compliance === null
        ? nothing
        : html`<section part="checks" aria-labelledby="checks-heading">
            <h4 id="checks-heading">${t('master.checks')}</h4>
            <div aria-live="polite">${checksList(t, compliance)}</div>
          </section>`}
      ${enabled ? masteringList(t, state.mastering) : nothing}
      ${enabled && failing && !updating ? html`<p part="message">${t('master.stillFails')}</p>` : nothing}`;
  }
}

defineElement('studio-editor-master-panel', StudioMasterPanel);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-master-panel': StudioMasterPanel;
  }
}
