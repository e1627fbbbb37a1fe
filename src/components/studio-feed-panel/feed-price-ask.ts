// The price of some rows, asked of the runner (the one price) for the project as it stands: asked again when the
// rows or the project change (a price of the feed as it was is no price), a late answer dropped. "Play this row"
// and "Deliver the rows" each show one, in words, before they run.
import type { ReactiveControllerHost } from 'lit';
import { describeError } from '../../i18n/error-words.js';
import type { Translate } from '../../i18n/translate.js';
import type { FeedPrice, FeedRunner } from '../../session/feed-run.js';

type Asked = { readonly keys: string; readonly basis: unknown } & (
  | { readonly state: 'loading' }
  | { readonly state: 'known'; readonly price: FeedPrice | undefined }
  | { readonly state: 'failed'; readonly message: string }
);

/** What a price is of, as one text: the rows' keys, and the versions when given. */
const asked = (keys: readonly string[], versions: readonly string[] | undefined): string => `${keys.join('\n')}${versions === undefined ? '' : `\u0000${versions.join('\n')}`}`;

export class FeedPriceAsk {
  readonly #host: ReactiveControllerHost;
  readonly #t: () => Translate;
  #asked: Asked | undefined;
  #runs = 0;

  constructor(host: ReactiveControllerHost, t: () => Translate) {
    this.#host = host;
    this.#t = t;
  }

  /**
   * Asks `runner` the price of `keys` for the project `basis`, unless it was asked for these already. Called after
   * a render that showed those rows: that render said "Working out the price…" already (see `text`).
   */
  request(runner: FeedRunner, keys: readonly string[], basis: unknown, versions?: readonly string[]): void {
    const joined = asked(keys, versions);
    if (this.#asked?.keys === joined && this.#asked.basis === basis) return;
    const run = ++this.#runs;
    this.#asked = { keys: joined, basis, state: 'loading' };
    const answer = (asked: Asked) => {
      if (run !== this.#runs) return;
      this.#asked = asked;
      this.#host.requestUpdate();
    };
    runner.price(keys, versions).then(
      (price) => answer({ keys: joined, basis, state: 'known', price }),
      (error: unknown) => answer({ keys: joined, basis, state: 'failed', message: describeError(error, this.#t()).text }),
    );
  }

  /** The price of `keys` for the project `basis`, in words: being worked out, unknown, none, or at most so many credits. */
  text(t: Translate, keys: readonly string[], basis: unknown, versions?: readonly string[]): string {
    const last = this.#asked;
    // Rows, versions or a project other than those priced: their price is asked for once this render is done.
    if (last === undefined || last.state === 'loading' || last.keys !== asked(keys, versions) || last.basis !== basis) return t('feed.pricing');
    if (last.state === 'failed') return t('feed.priceFailed', { message: last.message });
    const { price } = last;
    if (price === undefined) return t('feed.priceUnknown');
    if (price.most === 0) return t('feed.priceNone');
    if (price.most === price.credits) return t.plural('feed.price', price.most);
    return price.credits === 0 ? t.plural('feed.priceIfAgain', price.most) : t.plural('feed.priceAgain', price.credits, { most: t.number(price.most, 0) });
  }

  /** Forgets the price (a late answer is dropped). */
  release(): void {
    this.#runs += 1;
    this.#asked = undefined;
  }
}
