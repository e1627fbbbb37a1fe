import { consume } from '@lit/context';
import { LitElement } from 'lit';
import { state } from 'lit/decorators.js';
import { translateContext } from '../../controllers/contexts.js';
import { createTranslator, type Translate } from '../../i18n/translate.js';

/** Base of the editor's elements: the editor's translator (English when used on its own). */
export class StudioElement extends LitElement {
  @consume({ context: translateContext, subscribe: true })
  @state()
  protected t: Translate = createTranslator('en');
}
