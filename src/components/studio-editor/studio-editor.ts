import { provide } from '@lit/context';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { resolveConfig } from '../../config/validate.js';
import type { ResolvedConfig, StudioConfig } from '../../config/types.js';
import { storeContext, translateContext } from '../../context.js';
import { createTranslator, type Translate } from '../../i18n/translate.js';
import { StudioError } from '../../errors.js';
import { StudioErrorEvent } from '../../events/studio-error.js';
import { StudioReadyEvent } from '../../events/studio-ready.js';
import { defineElement } from '../../internal/define.js';
import { DisposalScope } from '../../internal/scope.js';
import { createEditorStore, initFromConfig, type EditorStore } from '../../model/editor-state.js';
import { VERSION } from '../../version.js';
import { styles } from './studio-editor.styles.js';
// Auth and service client (issue 4).
import type { ServiceClient } from '../../api/client.js';
import { createServices, type EditorServices } from '../../api/create-services.js';
import { StudioAuthErrorEvent } from '../../events/studio-auth-error.js';
import { StudioJobProgressEvent } from '../../events/studio-job-progress.js';

/**
 * The audio-ad editor. Set `config` (a `StudioConfig`) as a property; the element validates it, renders
 * the editor at `layout.height` and fires `studio-ready`. Removing the element from the page releases
 * every listener, timer and pending request.
 *
 * @tagname studio-editor
 *
 * @fires {StudioReadyEvent} studio-ready - The editor rendered with a valid config and is ready.
 * @fires {StudioErrorEvent} studio-error - Something failed; `detail` is `{ code, message, recoverable, status? }`.
 * @fires {StudioAuthErrorEvent} studio-auth-error - Authentication failed; `detail` is `{ code, message, recoverable, status? }`, never a token.
 * @fires {StudioJobProgressEvent} studio-job-progress - A service job was polled; `detail` is `{ operation, jobId, pollUrl, state, progress, stage, poll }`.
 *
 * @csspart toolbar - The bar at the top: title and global actions.
 * @csspart title - The project title in the toolbar.
 * @csspart workspace - The area that holds the workflow panels.
 * @csspart status - The status line at the bottom, also a polite live region.
 * @csspart error - The message shown in place of the editor when its config is wrong.
 *
 * @cssprop [--studio-accent=#2563eb] - Accent colour of buttons, focus rings and the playhead.
 * @cssprop [--studio-surface=#ffffff] - Background of the editor.
 * @cssprop [--studio-surface-alt=#f3f4f6] - Background of the toolbar, cards and tracks.
 * @cssprop [--studio-text=#111827] - Main text colour.
 * @cssprop [--studio-text-muted=#4b5563] - Secondary text colour.
 * @cssprop [--studio-border=#d1d5db] - Border colour.
 * @cssprop [--studio-danger=#b91c1c] - Colour of errors.
 * @cssprop [--studio-font-family=system-ui] - Font family.
 * @cssprop [--studio-radius=8px] - Corner radius.
 * @cssprop [--studio-space=12px] - Base spacing unit.
 */
export class StudioEditor extends LitElement {
  static override styles = styles;

  /** The editor's configuration. See the README's config reference. */
  @property({ attribute: false })
  config: StudioConfig | undefined;

  /** Colour mode: `light`, `dark` or `system`. Set from `config.theme.mode`; the attribute overrides it. */
  @property({ reflect: true })
  theme: 'light' | 'dark' | 'system' = 'system';

  /** Compact spacing. Set from `config.layout.compact`; the attribute overrides it. */
  @property({ type: Boolean, reflect: true })
  compact = false;

  /** Present once the editor is ready (read-only). */
  @property({ type: Boolean, reflect: true })
  ready = false;

  /** The one store of this editor, provided to every panel. Its identity never changes. */
  @provide({ context: storeContext })
  readonly store: EditorStore = createEditorStore();

  /** Text in the configured language, provided to every panel. */
  @provide({ context: translateContext })
  @state()
  protected t: Translate = createTranslator('en');

  @state() private resolved: ResolvedConfig | undefined;
  @state() private configError: StudioError | undefined;

  #scope: DisposalScope | undefined;
  #appliedTokens: string[] = [];
  // Auth and service client (issue 4).
  #services: EditorServices | undefined;

  /** The service client with this editor's auth (`handle.api`); undefined until the editor starts. */
  get api(): ServiceClient | undefined {
    return this.#services?.client;
  }

  /** Everything this editor started; disposed when it leaves the page. */
  protected get scope(): DisposalScope {
    this.#scope ??= new DisposalScope();
    return this.#scope;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#scope?.dispose();
    this.#scope = undefined;
    this.ready = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Reconnected after a move in the DOM: start again from the same config.
    if (this.resolved !== undefined && this.#scope === undefined) this.#start(this.resolved);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('config')) this.#applyConfig();
  }

  #applyConfig(): void {
    this.#scope?.dispose();
    this.#scope = undefined;
    this.ready = false;
    if (this.config === undefined) {
      this.resolved = undefined;
      this.configError = undefined;
      return;
    }
    try {
      this.resolved = resolveConfig(this.config);
      this.configError = undefined;
    } catch (error) {
      this.resolved = undefined;
      this.configError = error instanceof StudioError ? error : new StudioError('config', String(error));
      this.#emitError(this.configError);
      return;
    }
    if (this.isConnected) this.#start(this.resolved);
  }

  #start(config: ResolvedConfig): void {
    const scope = this.scope;
    this.t = createTranslator(config.i18n.locale, config.i18n.strings);
    this.theme = config.theme.mode;
    this.compact = config.layout.compact || config.theme.density === 'compact';
    this.#applyStyleProperties(config);
    this.store.dispatch(initFromConfig(config));
    scope.add(this.store.subscribe(() => this.requestUpdate()));
    // Auth and service client (issue 4): getToken runs now; destroy stops every request, refresh and poll.
    const services = createServices(config, {
      onAuthError: ({ code, message, recoverable, status }) =>
        this.dispatchEvent(new StudioAuthErrorEvent({ code, message, recoverable, ...(status === undefined ? {} : { status }) })),
      onProgress: (progress) => this.dispatchEvent(new StudioJobProgressEvent(progress)),
    });
    this.#services = services;
    scope.add(() => {
      services.dispose();
      if (this.#services === services) this.#services = undefined;
    });
    this.updateComplete.then(() => {
      if (scope.disposed) return;
      this.ready = true;
      this.dispatchEvent(new StudioReadyEvent({ version: VERSION }));
    });
  }

  /** Writes validated values through the CSSOM: no style attribute, so a strict CSP is satisfied. */
  #applyStyleProperties(config: ResolvedConfig): void {
    for (const name of this.#appliedTokens) this.style.removeProperty(name);
    this.#appliedTokens = ['--_height', ...Object.keys(config.theme.tokens)];
    this.style.setProperty('--_height', config.layout.height);
    for (const [name, value] of Object.entries(config.theme.tokens)) this.style.setProperty(name, value);
  }

  #emitError(error: StudioError): void {
    this.dispatchEvent(
      new StudioErrorEvent({
        code: error.code,
        message: error.message,
        recoverable: error.recoverable,
        ...(error.status === undefined ? {} : { status: error.status }),
      }),
    );
  }

  protected override render() {
    if (this.configError !== undefined) {
      return html`<div part="error" role="alert">${this.t('editor.configError')}
${this.configError.message}</div>`;
    }
    if (this.resolved === undefined) return nothing;
    const { project } = this.store.getState();
    return html`<section class="shell" aria-label=${this.t('editor.label')}>
      <header part="toolbar">
        <h2 part="title">${project.title}</h2>
      </header>
      <div part="workspace" role="region" aria-label=${this.t('panels.label')}></div>
      <div part="status" role="status" aria-live="polite"></div>
    </section>`;
  }
}

defineElement('studio-editor', StudioEditor);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor': StudioEditor;
  }
}
