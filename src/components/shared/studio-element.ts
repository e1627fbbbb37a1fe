import { consume } from '@lit/context';
import { LitElement } from 'lit';
import { state } from 'lit/decorators.js';
import { translateContext } from '../../controllers/contexts.js';
import { createTranslator, type Translate } from '../../i18n/translate.js';
import { nextTurn } from '../../internal/turn.js';

/** Base of the editor's elements: the editor's translator (English when used on its own). */
export class StudioElement extends LitElement {
  /**
   * Renders the first time in a task of its own, not in the one that connected it: the editor's first paint is
   * then two tasks (the shell with its toolbar, then the Recommend panel), neither of which holds the main thread
   * for long on a cold page. The editor waits for such elements before it is ready.
   */
  static firstRenderInOwnTask = false;

  @consume({ context: translateContext, subscribe: true })
  @state()
  protected t: Translate = createTranslator('en');

  protected override scheduleUpdate(): void | Promise<unknown> {
    if (this.hasUpdated || !(this.constructor as typeof StudioElement).firstRenderInOwnTask) return super.scheduleUpdate();
    return nextTurn().then(() => super.scheduleUpdate());
  }
}
