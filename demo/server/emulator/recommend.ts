// Recommendations derived from the request alone: the URL's host and path words name the brand, the product
// and a category; a small catalogue of script templates, voices and music does the rest. Nothing is fetched.
import type { Recommendation, ScriptSection } from '../../../src/api/contract.js';
import { TRACKS, hash, seeded } from './music.js';
import { VOICES, countWords } from './voices.js';

/** What a recommendation is about. */
export interface ProductFacts {
  brand: string;
  product: string;
  category: Category;
  description?: string;
}

type Category = 'food' | 'fashion' | 'tech' | 'home' | 'travel' | 'fitness' | 'general';

const CATEGORY_WORDS: Array<[Category, RegExp]> = [
  ['food', /coffee|tea|food|pizza|bakery|bread|chocolate|wine|beer|snack|kitchen|recipe|cafe|burger|organic/],
  ['fashion', /shoe|sneaker|dress|shirt|fashion|wear|jacket|boot|bag|jewel|watch|style/],
  ['tech', /phone|laptop|tech|app|software|cloud|headphone|camera|gadget|smart|device|computer|game/],
  ['home', /home|furniture|sofa|bed|lamp|garden|decor|chair|table|mattress/],
  ['travel', /travel|hotel|flight|trip|holiday|vacation|tour|resort|booking/],
  ['fitness', /fitness|gym|yoga|run|sport|bike|training|protein|health/],
];

/** Which music style and script tone fit a category. */
const CATEGORY_STYLE: Record<Category, { style: string; benefit: string; feeling: string }> = {
  food: { style: 'upbeat', benefit: 'made with care and full of flavour', feeling: 'a treat you will want again' },
  fashion: { style: 'upbeat', benefit: 'designed to look sharp and feel right', feeling: 'style that fits your day' },
  tech: { style: 'corporate', benefit: 'fast, simple and built to last', feeling: 'technology that just works' },
  home: { style: 'calm', benefit: 'comfortable, durable and easy to love', feeling: 'a home that feels like yours' },
  travel: { style: 'cinematic', benefit: 'planned down to the last detail', feeling: 'the trip you keep talking about' },
  fitness: { style: 'upbeat', benefit: 'made to keep you moving', feeling: 'progress you can feel' },
  general: { style: 'corporate', benefit: 'made for people like you', feeling: 'something worth telling friends about' },
};

const HOOKS = [
  'Looking for {product}? Meet {brand}.',
  'Here is something new from {brand}: {product}.',
  'What if {product} could make your day better?',
  '{brand} presents {product}.',
];
const BODY = [
  '{product} is {benefit}.',
  'People who try it tell us it is {feeling}.',
  'Every detail has been thought through, so you do not have to.',
  'It is simple to start, and easy to keep enjoying.',
  'Thousands of customers already made the switch.',
  'And right now is a great time to try it.',
];
const CALLS = [
  'Visit {site} today.',
  'Find {product} at {site}.',
  'Go to {site} and see for yourself.',
  'Order now at {site}.',
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
  return { brand, product, category: categorise(`${url.hostname} ${url.pathname}`.toLowerCase()) };
}

export function categorise(text: string): Category {
  return CATEGORY_WORDS.find(([, pattern]) => pattern.test(text.toLowerCase()))?.[0] ?? 'general';
}

/**
 * `count` recommendations for `facts`, each a script fitted to `duration` seconds at the voice's measured
 * rate. The same input gives the same output: choices come from a seeded generator keyed on `seed`.
 */
export function recommend(
  facts: ProductFacts,
  seed: string,
  duration: number,
  count: number,
  wordsPerMinute: (voiceId: string) => number,
): Recommendation[] {
  const random = seeded(seed);
  const tone = CATEGORY_STYLE[facts.category];
  const site = facts.brand.toLowerCase().replace(/\s+/g, '') + '.com';
  const fill = (template: string) =>
    template.replaceAll('{product}', facts.product).replaceAll('{brand}', facts.brand).replaceAll('{site}', site)
      .replaceAll('{benefit}', tone.benefit).replaceAll('{feeling}', tone.feeling);
  const englishVoices = VOICES.filter((entry) => entry.details.language.startsWith('en'));
  const styled = TRACKS.filter((entry) => entry.details.style === tone.style);
  const recommendations: Recommendation[] = [];
  for (let index = 0; index < count; index++) {
    const voice = englishVoices[(hash(seed) + index) % englishVoices.length]!.details;
    const music = (index === 0 && styled.length > 0 ? styled[0]! : TRACKS[Math.floor(random() * TRACKS.length)]!).details;
    const budget = Math.max(8, Math.floor(((wordsPerMinute(voice.voice_id) * duration) / 60) * 0.9));
    const hook = fill(HOOKS[(index + Math.floor(random() * HOOKS.length)) % HOOKS.length]!);
    const call = fill(CALLS[Math.floor(random() * CALLS.length)]!);
    const body: string[] = [];
    if (facts.description) body.push(facts.description.trim().replace(/([^.!?])$/, '$1.'));
    const offset = Math.floor(random() * BODY.length);
    for (let i = 0; i < BODY.length; i++) {
      const sentence = fill(BODY[(offset + i) % BODY.length]!);
      if (countWords([hook, ...body, sentence, call].join(' ')) > budget) break;
      body.push(sentence);
    }
    const sections: ScriptSection[] = [
      { id: 'hook', label: 'Hook', text: hook },
      { id: 'body', label: 'Body', text: body.join(' ') || fill(BODY[0]!) },
      { id: 'cta', label: 'Call to action', text: call },
    ];
    const words = countWords(sections.map((section) => section.text).join(' '));
    recommendations.push({
      recommendation_id: `rec_${hash(`${seed}#${index}`).toString(36)}`,
      title: `${facts.product}: ${['Straight to the point', 'Story', 'Benefit first', 'Friendly', 'Bold'][index % 5]}`,
      script: { sections },
      voice: { ...voice, speed: 1 },
      music: { ...music },
      duration_s: Math.min(duration, Math.round((words / wordsPerMinute(voice.voice_id)) * 60 * 10) / 10 + 1),
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
