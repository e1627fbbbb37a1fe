// The emulator's reading of a voice-over request's `ssml` (an assumption of src/api/contract.ts): the SSML 1.1 the
// editor writes (src/script/ssml.ts), and nothing else. It becomes runs of text, each with its rate and emphasis
// (a say-as written out in words, a sub as its alias), and pauses, which speech.ts voices one by one. Any other
// element or attribute is refused (400), as a strict service would; text is text, entities and all.
import { HttpError } from '../http.js';
import { sayAs } from '../../../src/script/say-as.js';

/** A run of words with how to read it, or a pause (seconds). */
export type SsmlSegment = { readonly text: string; readonly rate: number; readonly emphasis?: string } | { readonly pause: number };

const invalid = (message: string) => new HttpError(400, 'invalid_request', `ssml: ${message}`);

/** The elements read, each with the attributes it may have. */
const ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  speak: ['version', 'xmlns', 'xml:lang'],
  break: ['time'],
  emphasis: ['level'],
  'say-as': ['interpret-as', 'format'],
  sub: ['alias'],
  prosody: ['rate'],
};
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const TOKEN = /<(\/?)([a-z:-]+)((?:\s+[a-z:-]+="[^"<>]*")*)\s*(\/?)>|([^<]+)|</gy;

function decode(text: string): string {
  return text.replace(/&([a-z]+|#\d+|#x[0-9a-f]+);|&/gi, (entity, name: string | undefined) => {
    if (name === undefined) throw invalid('a "&" that starts no entity (write &amp;)');
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.startsWith('#x') ? name.slice(2) : name.slice(1), name.startsWith('#x') ? 16 : 10));
    const character = ENTITIES[name];
    if (character === undefined) throw invalid(`an unknown entity ${entity}`);
    return character;
  });
}

function attributes(element: string, written: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, value] of written.matchAll(/([a-z:-]+)="([^"]*)"/g)) {
    if (!ELEMENTS[element]!.includes(name!)) throw invalid(`<${element}> has no attribute ${name}`);
    found.set(name!, decode(value!));
  }
  return found;
}

/** A break's `time` in seconds: `1.0s` or `1000ms`, at most 10 s. */
function seconds(time: string | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(s|ms)$/.exec(time ?? '');
  const value = match === null ? Number.NaN : Number(match[1]) / (match[2] === 'ms' ? 1000 : 1);
  if (!(value >= 0 && value <= 10)) throw invalid(`a <break> needs a time of 0 to 10 s, like "1.0s", got ${JSON.stringify(time)}`);
  return value;
}

/** A prosody `rate` as a share of the voice's: `90%` is 0.9 (50% to 200%). */
function rate(value: string | undefined): number {
  const match = /^(\d{1,3})%$/.exec(value ?? '');
  const share = match === null ? Number.NaN : Number(match[1]) / 100;
  if (!(share >= 0.5 && share <= 2)) throw invalid(`a <prosody> rate is 50% to 200%, got ${JSON.stringify(value)}`);
  return share;
}

/** `ssml` as segments, read in `language` (the voice's BCP 47 tag) where a say-as needs one. Throws 400 on anything else. */
export function readSsml(ssml: string, language: string): SsmlSegment[] {
  const segments: SsmlSegment[] = [];
  const open: { element: string; attributes: Map<string, string>; rate: number; emphasis?: string; text: string }[] = [];
  let root = false;
  TOKEN.lastIndex = 0;
  const trimmed = ssml.trim();
  for (let match = TOKEN.exec(trimmed); match !== null; match = TOKEN.exec(trimmed)) {
    const [token, closing, element, written = '', selfClosing, text] = match;
    const top = open.at(-1);
    if (text !== undefined || token === '<') {
      if (token === '<') throw invalid('a "<" that starts no element (write &lt;)');
      if (top === undefined) {
        if (text!.trim() !== '') throw invalid('text outside <speak>');
        continue;
      }
      if (top.element === 'say-as' || top.element === 'sub') top.text += decode(text!);
      else segments.push({ text: decode(text!), rate: top.rate, ...(top.emphasis === undefined ? {} : { emphasis: top.emphasis }) });
      continue;
    }
    if (!(element! in ELEMENTS)) throw invalid(`<${element}> is not read by this service (speak, break, emphasis, say-as, sub, prosody)`);
    if (closing === '/') {
      if (top?.element !== element) throw invalid(`</${element}> closes no open <${element}>`);
      open.pop();
      const parent = open.at(-1);
      if (element === 'say-as' || element === 'sub') {
        const said = element === 'sub' ? top.attributes.get('alias') ?? '' : sayAs(top.attributes.get('interpret-as') ?? '', top.text, language);
        segments.push({ text: ` ${said} `, rate: top.rate, ...(top.emphasis === undefined ? {} : { emphasis: top.emphasis }) });
      }
      if (parent === undefined && element !== 'speak') throw invalid('an element outside <speak>');
      continue;
    }
    const given = attributes(element!, written);
    if (element === 'speak') {
      if (root || top !== undefined) throw invalid('<speak> must be the one root');
      root = true;
    } else if (top === undefined) throw invalid(`<${element}> outside <speak>`);
    else if (top.element === 'say-as' || top.element === 'sub') throw invalid(`<${top.element}> holds text only`);
    if (element === 'break') {
      if (selfClosing !== '/') throw invalid('<break> is empty: write <break time="1.0s"/>');
      segments.push({ pause: seconds(given.get('time')) });
      continue;
    }
    if (selfClosing === '/') throw invalid(`<${element}/> holds nothing`);
    open.push({
      element: element!,
      attributes: given,
      rate: (top?.rate ?? 1) * (element === 'prosody' ? rate(given.get('rate')) : 1),
      ...(element === 'emphasis' ? { emphasis: given.get('level') ?? 'moderate' } : top?.emphasis === undefined ? {} : { emphasis: top.emphasis }),
      text: '',
    });
  }
  if (!root || open.length > 0) throw invalid('expected one <speak> element, closed');
  return segments;
}
