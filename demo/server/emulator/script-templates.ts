// Script templates of the recommendations: five distinct ideas, each with its own hook, body sentences and
// call to action, filled from the product facts.

export type Category = 'food' | 'fashion' | 'tech' | 'home' | 'travel' | 'fitness' | 'general';

/** Which music style and script tone fit a category. */
export const CATEGORY_STYLE: Record<Category, { style: string; benefit: string; feeling: string }> = {
  food: { style: 'upbeat', benefit: 'made with care and full of flavour', feeling: 'a treat you will want again' },
  fashion: { style: 'upbeat', benefit: 'designed to look sharp and feel right', feeling: 'style that fits your day' },
  tech: { style: 'corporate', benefit: 'fast, simple and built to last', feeling: 'technology that just works' },
  home: { style: 'calm', benefit: 'comfortable, durable and easy to love', feeling: 'a home that feels like yours' },
  travel: { style: 'cinematic', benefit: 'planned down to the last detail', feeling: 'the trip you keep talking about' },
  fitness: { style: 'upbeat', benefit: 'made to keep you moving', feeling: 'progress you can feel' },
  general: { style: 'corporate', benefit: 'made for people like you', feeling: 'something worth telling friends about' },
};

/** One idea: its title, hook, body sentences in the order they are added, and calls to action. */
export interface ScriptTemplate {
  readonly title: string;
  readonly hook: string;
  readonly body: readonly string[];
  /** With the page's address (`{site}`), and without one. */
  readonly call: string;
  readonly callWithoutSite: string;
}

export const TEMPLATES: readonly ScriptTemplate[] = [
  {
    title: 'Straight to the point',
    hook: '{brand} presents {product}.',
    body: [
      '{product} is {benefit}.',
      'No fuss, no waiting, no compromise.',
      'It does one job, and it does it well.',
      'Set it up in minutes and forget about it.',
      'The price is fair and the quality shows.',
      'That is all you need to know.',
      'Well, almost all.',
      'It also comes with friendly support whenever you need it.',
    ],
    call: 'Order now at {site}.',
    callWithoutSite: 'Order {product} from {brand} today.',
  },
  {
    title: 'Story',
    hook: 'It started on an ordinary morning, with a simple question.',
    body: [
      'What if {product} could make the day a little better?',
      'The team at {brand} spent months finding out.',
      'They tested, listened and started again.',
      'The result is {feeling}.',
      'Today, people tell us it changed their routine.',
      'Some of them say they cannot imagine going back.',
      'And the story is only beginning.',
      'The next chapter could be yours.',
    ],
    call: 'Find {product} at {site}.',
    callWithoutSite: 'Find {product} wherever {brand} is sold.',
  },
  {
    title: 'Benefit first',
    hook: 'Looking for {product}? Meet {brand}.',
    body: [
      'It is {benefit}.',
      'Every detail has been thought through, so you do not have to.',
      'It saves you time on busy days.',
      'It is simple to start, and easy to keep enjoying.',
      'And it keeps working, season after season.',
      'Thousands of customers already made the switch.',
      'Most of them wish they had done it sooner.',
      'Right now is a great time to try it.',
    ],
    call: 'Go to {site} and see for yourself.',
    callWithoutSite: 'Ask for {brand} and see for yourself.',
  },
  {
    title: 'Friendly',
    hook: 'Hi there! Have you heard about {product}?',
    body: [
      'We think you are going to love it.',
      'It is {feeling}.',
      'Our friends tried it first, and they keep coming back.',
      'It is the kind of thing you recommend to your neighbours.',
      'There is no catch, we promise.',
      'Just good things, done properly.',
      'Give it a go this week.',
      'We would love to hear what you think.',
    ],
    call: 'Say hello at {site}.',
    callWithoutSite: 'Say hello to {brand} today.',
  },
  {
    title: 'Bold',
    hook: 'Stop settling. {product} is here.',
    body: [
      'This is {brand} at its best.',
      'It is {benefit}, and it shows.',
      'Others promise. {brand} delivers.',
      'Feel the difference from day one.',
      'It is built for people who expect more.',
      'Make the switch and never look back.',
      'You deserve the real thing.',
      'Do not wait for someday.',
    ],
    call: 'Visit {site} today.',
    callWithoutSite: 'Choose {brand} today.',
  },
];

/**
 * Sentences any idea may add after its own when a long slot needs more (each idea takes them from a
 * different starting point, so two ideas rarely read the same).
 */
export const SHARED_BODY: readonly string[] = [
  'Ask anyone who has tried {product}, and they will tell you the same thing.',
  'It fits into your week without asking for anything in return.',
  'Quality like this used to cost a lot more.',
  'We checked every part of it, twice.',
  'If something is not right, the team at {brand} will make it right.',
  'Delivery is quick, and returns are simple.',
  'It makes a thoughtful gift, too.',
  'Once you have it, you will wonder how you managed without it.',
  'There has never been a better moment to start.',
  'Your future self will thank you.',
  'Good things should be easy to find.',
  'This one is.',
];

/** An idea's body sentences: its own, then the shared ones from `offset` round. */
export function bodySentences(template: ScriptTemplate, offset: number): string[] {
  return [...template.body, ...SHARED_BODY.map((_, i) => SHARED_BODY[(offset + i) % SHARED_BODY.length]!)];
}

/** What a template is filled with. */
export interface Fill {
  readonly brand: string;
  readonly product: string;
  /** The page's host as written (`acme-coffee.com`); absent when there is no page. */
  readonly site?: string | undefined;
  readonly category: Category;
}

/**
 * A template sentence with the facts in it, starting with a capital: a first word in plain lower case
 * ("the Northwind range") is capitalised; a brand or address keeps its case ("iPhone", "acme-coffee.com").
 */
export function fillSentence(template: string, fill: Fill): string {
  const tone = CATEGORY_STYLE[fill.category];
  const text = template
    .replaceAll('{product}', fill.product)
    .replaceAll('{brand}', fill.brand)
    .replaceAll('{site}', fill.site ?? fill.brand)
    .replaceAll('{benefit}', tone.benefit)
    .replaceAll('{feeling}', tone.feeling);
  return capitaliseSentences(text);
}

/** Capitalises each sentence's first word when it is a plain lower-case word. */
export function capitaliseSentences(text: string): string {
  return text.replace(/(^|[.!?]\s+)([a-z]+)(?=[\s,;:!?]|\.(?:\s|$)|$)/g, (_, before: string, word: string) => before + word.charAt(0).toUpperCase() + word.slice(1));
}
