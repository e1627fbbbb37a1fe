import { provide } from '@lit/context';
import { LitElement, html } from 'lit';
import { property } from 'lit/decorators.js';
import type { ServiceClient } from '../../src/api/client.js';
import type { MixPreviewSource } from '../../src/audio/preview-state.js';
import { clientContext, previewContext, storeContext, translateContext } from '../../src/controllers/contexts.js';
import { createTranslator, type Translate } from '../../src/i18n/translate.js';
import { createEditorStore, type EditorStore } from '../../src/model/editor-state.js';

/** Provides a fresh store, a given client, preview and translator (English by default) to its children, as `<studio-editor>` does. */
export class TestEditorContext extends LitElement {
  @provide({ context: storeContext })
  store: EditorStore = createEditorStore();

  @provide({ context: clientContext })
  @property({ attribute: false })
  client: ServiceClient | undefined;

  @provide({ context: translateContext })
  @property({ attribute: false })
  t: Translate = createTranslator('en');

  @provide({ context: previewContext })
  @property({ attribute: false })
  preview: MixPreviewSource | undefined;

  protected override render() {
    return html`<slot></slot>`;
  }
}
customElements.define('test-editor-context', TestEditorContext);
