// Recommendations derived from the request alone: the URL's host and path words name the brand, the product
// and a category; five script templates, the voices and the music beds do the rest. Nothing is fetched.
// Each script is fitted to the slot on its synthesised voice-over (fit-script.ts).
import type { Recommendation, ScriptSection } from '../../../src/api/contract.js';
import { fitScript, type SpeechMeter } from './fit-script.js';
import { TRACKS, hash, seeded } from './music.js';
import { CATEGORY_STYLE, TEMPLATES, bodySentences, capitaliseSentences, fillSentence, type Category } from './script-templates.js';
import { VOICES, countWords } from './voices.js';

/** What a recommendation is about. */
export interface ProductFacts {
  brand: string;
  product: string;
  category: Category;
  /** The page's host as written, without `www.` (`acme-coffee.com`); absent when there is no page. */
  site?: string;
  description?: string;
}

export type { Category };

const CATEGORY_WORDS: Array<[Category, RegExp]> = [
  ['food', /coffee|tea|food|pizza|bakery|bread|chocolate|wine|beer|snack|kitchen|recipe|cafe|burger|organic/],
  ['fashion', /shoe|sneaker|dress|shirt|fashion|wear|jacket|boot|bag|jewel|watch|style/],
  ['tech', /phone|laptop|tech|app|software|cloud|headphone|camera|gadget|smart|device|computer|game/],
  ['home', /home|furniture|sofa|bed|lamp|garden|decor|chair|table|mattress/],
  ['travel', /travel|hotel|flight|trip|holiday|vacation|tour|resort|booking/],
  ['fitness', /fitness|gym|yoga|run|sport|bike|training|protein|health/],
];

/** Words of a URL path or host part that read as a name: "cold-brew_kit" -> "Cold Brew Kit". */
function titleCase(words: string[]): string {
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

/** Brand, product and category from a URL, without fetching it. */
export function factsFromUrl(url: URL): ProductFacts {
  const hostWords = url.hostname.replace(/^www\./, '').split('.');
  const brandPart = hostWords.length > 1 ? hostWords.slice(0, -1).join(' ') : hostWords[0]!;
  const brand = titleCase(brandPart.split(/[-_\s]+/).filter(Boolean)) || 'Our Shop';
  const pathWords = url.pathname
    .split('/')
    .filter((part) => part && !/^\d+$/.test(part) && !/^(products?|p|shop|item|en|fr|index\.html?)$/i.test(part))
    .pop()
    ?.replace(/\.[a-z]+$/i, '')
    .split(/[-_+\s]+/)
    .filter((word) => /^[a-z][a-z0-9]*$/i.test(word)) ?? [];
  const product = pathWords.length > 0 ? titleCase(pathWords.slice(0, 4).map((word) => word.toLowerCase())) : `the ${brand} range`;
  return { brand, product, category: categorise(`${url.hostname} ${url.pathname}`.toLowerCase()), site: url.hostname.replace(/^www\./, '') };
}

export function categorise(text: string): Category {
  return CATEGORY_WORDS.find(([, pattern]) => pattern.test(text.toLowerCase()))?.[0] ?? 'general';
}

/**
 * `count` recommendations for `facts`, each a different idea (template) on a different music bed (the
 * category's style first), its script fitted to `duration` seconds on its synthesised voice-over: the
 * measured length (`duration_s`) lies within 1 s under the target where the sentences and a speed of 0.85
 * to 1.2 allow. The same input gives the same output: choices come from a seeded generator keyed on `seed`.
 */
export async function recommend(
  facts: ProductFacts,
  seed: string,
  duration: number,
  count: number,
  wordsPerMinute: (voiceId: string) => number,
  measure: SpeechMeter,
): Promise<Recommendation[]> {
  const random = seeded(seed);
  const fill = { brand: facts.brand, product: facts.product, site: facts.site, category: facts.category };
  const englishVoices = VOICES.filter((entry) => entry.details.language.startsWith('en'));
  const style = CATEGORY_STYLE[facts.category].style;
  // Beds: the category's style first, then the others in a seeded order; distinct while there are enough.
  const others = TRACKS.filter((entry) => entry.details.style !== style);
  for (let i = others.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [others[i], others[j]] = [others[j]!, others[i]!];
  }
  const beds = [...TRACKS.filter((entry) => entry.details.style === style), ...others];
  const firstTemplate = Math.floor(random() * TEMPLATES.length);
  const description = facts.description ? (capitaliseSentences(facts.description.trim()).match(/[^.!?]+[.!?]*/g) ?? []).map((part) => part.trim().replace(/([^.!?])$/, '$1.')).filter(Boolean) : [];
  const recommendations: Recommendation[] = [];
  const learned = new Map<string, number>();
  for (let index = 0; index < count; index++) {
    const voice = englishVoices[(hash(seed) + index) % englishVoices.length]!.details;
    const music = beds[index % beds.length]!.details;
    const templateIndex = (firstTemplate + index) % TEMPLATES.length;
    const template = TEMPLATES[templateIndex]!;
    const fitted = await fitScript({
      hook: fillSentence(template.hook, fill),
      body: [...description, ...bodySentences(template, templateIndex * 5).map((sentence) => fillSentence(sentence, fill))],
      call: fillSentence(facts.site ? template.call : template.callWithoutSite, fill),
      target: duration,
      voiceId: voice.voice_id,
      wordsPerMinute: wordsPerMinute(voice.voice_id),
      measure,
      learned,
    });
    const sections: ScriptSection[] = [
      { id: 'hook', label: 'Hook', text: fitted.hook },
      { id: 'body', label: 'Body', text: fitted.body },
      { id: 'cta', label: 'Call to action', text: fitted.call },
    ];
    recommendations.push({
      recommendation_id: `rec_${hash(`${seed}#${index}`).toString(36)}`,
      title: `${facts.product}: ${template.title}`,
      script: { sections },
      voice: { ...voice, speed: fitted.speed },
      music: { ...music },
      duration_s: fitted.seconds,
      target_duration_s: duration,
      category: facts.category,
    });
  }
  return recommendations;
}

/**
 * Fits sections to `duration` seconds at `wordsPerMinute`: when too long, the longest sections lose their last
 * sentences (then words) until the script fits; a short script is left as it is.
 */
export function fitSections(sections: ScriptSection[], duration: number, wordsPerMinute: number): ScriptSection[] {
  const budget = Math.max(1, Math.floor((wordsPerMinute * duration) / 60));
  const result = sections.map((section) => ({ ...section }));
  const total = () => countWords(result.map((section) => section.text).join(' '));
  while (total() > budget) {
    const longest = result.reduce((a, b) => (countWords(b.text) > countWords(a.text) ? b : a));
    const sentences = longest.text.match(/[^.!?]+[.!?]*\s*/g) ?? [longest.text];
    if (sentences.length > 1) longest.text = sentences.slice(0, -1).join('').trim();
    else {
      const words = longest.text.split(/\s+/);
      if (words.length <= 1) break;
      longest.text = words.slice(0, -1).join(' ').replace(/[,;:]$/, '') + '.';
      longest.text = longest.text.replace(/\.\.$/, '.');
    }
  }
  return result;
}
