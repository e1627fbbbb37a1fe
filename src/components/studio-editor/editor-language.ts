import type { ResolvedConfig } from '../../config/types.js';
import { StudioError } from '../../errors.js';
import type { Catalogue } from '../../i18n/en.js';
import { loadCatalogue } from '../../i18n/load.js';
import { builtInLanguage, createTranslator, type Translate } from '../../i18n/translate.js';

/** What the editor does with its words as they come. */
export interface LanguageHooks {
  /** The words to speak from now on. */
  speak(t: Translate): void;
  /** The first words are on their way (true) or here (false): show nothing meanwhile, never another language. */
  waiting(on: boolean): void;
  error(error: StudioError): void;
  /** Whether the editor has shown its first words already. */
  started(): boolean;
}

/**
 * The editor's language: the words of `config.i18n`, French and German loaded on demand (English is always
 * there). Until they arrive the editor keeps speaking the previous language; a newer switch wins.
 */
export class EditorLanguage {
  readonly #hooks: LanguageHooks;
  #key: string | undefined;
  /** Settles once the words of the current language are spoken. */
  ready: Promise<void> = Promise.resolve();

  constructor(hooks: LanguageHooks) {
    this.#hooks = hooks;
  }

  /** Speaks `i18n` (nothing happens when it is the language already spoken). */
  set(i18n: ResolvedConfig['i18n']): void {
    const key = JSON.stringify([i18n.locale, i18n.strings]);
    if (key === this.#key) return;
    this.#key = key;
    this.ready = this.#load(i18n, key);
  }

  async #load(i18n: ResolvedConfig['i18n'], key: string): Promise<void> {
    const builtIn = builtInLanguage(i18n.locale);
    // English (the default) unless a built-in language loads.
    let catalogue: Catalogue | undefined;
    if (builtIn !== undefined && builtIn !== 'en') {
      if (!this.#hooks.started()) this.#hooks.waiting(true);
      try {
        catalogue = await loadCatalogue(builtIn);
      } catch (error) {
        this.#hooks.error(new StudioError('i18n-load', `The ${builtIn} words could not be loaded (${String(error)}): check that every file of the editor is served beside it. English is shown instead.`, { recoverable: true }));
      }
    }
    if (this.#key !== key) return;
    this.#hooks.speak(createTranslator(i18n.locale, i18n.strings, catalogue));
    this.#hooks.waiting(false);
  }
}
