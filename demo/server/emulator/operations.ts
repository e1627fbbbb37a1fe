// Recommendation (from a URL or a product) and formatting.
import type { FormatChange, FormatResult, RecommendResult, ScriptSection } from '../../../src/api/contract.js';
import { HttpError } from '../http.js';
import type { OperationAnswer } from './answer.js';
import { startJob, type OperationContext } from './context.js';
import { fitKeeping } from './fit-keeping.js';
import { categorise, factsFromUrl, fitSections, recommend, type ProductFacts } from './recommend.js';
import { measureSpeech } from './speech-meter.js';
import * as check from './validate.js';
import { VOICES, countWords, findVoice, voiceSample } from './voices.js';
import { priceOf } from './usage.js';

/** Measured words per minute of every English voice (the ones recommendations use). */
async function englishRates(): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  for (const voice of VOICES.filter((entry) => entry.details.language.startsWith('en'))) {
    rates.set(voice.details.voice_id, (await voiceSample(voice)).wordsPerMinute);
  }
  return rates;
}

function recommendationJob(ctx: OperationContext, facts: ProductFacts, seed: string, operation: string): OperationAnswer {
  const projectId = check.string(ctx.body, 'project_id');
  const duration = check.number(ctx.body, 'duration', check.DURATION.min, check.DURATION.max);
  const count = check.integer(ctx.body, 'max_recommendations', 1, 10);
  return startJob(ctx, {
    operation,
    projectId,
    cost: priceOf(operation === 'recommend_url' ? 'recommendUrl' : 'recommendProduct', { recommendations: count }),
    stages: ['reading the page', 'writing scripts', 'choosing voices and music'],
    work: async (): Promise<RecommendResult> => {
      const rates = await englishRates();
      const recommendations = await recommend(facts, seed, duration, count, (voiceId) => rates.get(voiceId) ?? 150, measureSpeech);
      ctx.state.remember(ctx.userId, recommendations);
      return { recommendations };
    },
  });
}

/** `POST /v1/recommend/url`: `project_id`, `url`, `duration`, `max_recommendations`, optional `webhook`. */
export function recommendUrl(ctx: OperationContext): OperationAnswer {
  const url = check.httpUrl(ctx.body, 'url');
  return recommendationJob(ctx, factsFromUrl(url), url.href, 'recommend_url');
}

/** `POST /v1/recommend/product`: `product: { name, description, url?, price? }` instead of `url`. */
export function recommendProduct(ctx: OperationContext): OperationAnswer {
  const product = check.object(ctx.body, 'product');
  const name = check.string(product, 'name', 120, 'product.name');
  const description = check.string(product, 'description', 1000, 'product.description');
  const link = product['url'] === undefined ? undefined : check.httpUrl(product, 'url');
  check.optionalString(product, 'price', 40, 'product.price');
  const page = link ? factsFromUrl(link) : undefined;
  const facts: ProductFacts = {
    brand: page?.brand ?? name.split(/\s+/)[0]!,
    product: name,
    category: categorise(`${name} ${description}`),
    ...(page?.site ? { site: page.site } : {}),
    description,
  };
  return recommendationJob(ctx, facts, `${name}\n${description}`, 'recommend_product');
}

/** What `format` changed: each section whose text changed, with its estimated speaking time before and after. */
export function formatChanges(before: readonly ScriptSection[], after: readonly ScriptSection[], wordsPerMinute: number): FormatChange[] {
  const seconds = (text: string) => Math.round((countWords(text) / wordsPerMinute) * 60 * 10) / 10;
  return after.flatMap((section, i) => {
    const old = before[i]!;
    if (old.text === section.text) return [];
    return [{ section_id: section.id, label: section.label, before_s: seconds(old.text), after_s: seconds(section.text) }];
  });
}

/** The changes in words: `shortened Body by 2.1 s, Hook by 0.4 s`, or `already fits`. */
export function formatSummary(changes: readonly FormatChange[]): string {
  if (changes.length === 0) return 'already fits';
  const by = (change: FormatChange) => `${change.label} by ${Math.abs(change.before_s - change.after_s).toFixed(1)} s`;
  const shortened = changes.filter((change) => change.after_s <= change.before_s).map(by);
  const lengthened = changes.filter((change) => change.after_s > change.before_s).map(by);
  return [shortened.length ? `shortened ${shortened.join(', ')}` : '', lengthened.length ? `lengthened ${lengthened.join(', ')}` : ''].filter(Boolean).join('; ');
}

/**
 * `POST /v1/format`: fits `sections` to `duration` at the voice's measured rate; answers 200 at once,
 * with what it did (`changes`, `summary`). With `keep_section_ids` (assumed), those sections stay as they
 * are, the others may be emptied, and the fit leaves room for the laid-out ad's lead, gaps and tail; when
 * the kept sections alone are too long it answers 422 `cannot_fit` with the reason.
 */
export async function format(ctx: OperationContext): Promise<OperationAnswer> {
  const projectId = check.string(ctx.body, 'project_id');
  const sections = check.sections(ctx.body, 'sections');
  const duration = check.number(ctx.body, 'duration', check.DURATION.min, check.DURATION.max);
  const speed = check.optionalNumber(ctx.body, 'speed', 0.5, 2, 1);
  const voiceId = check.optionalString(ctx.body, 'voice_id') ?? VOICES[0]!.details.voice_id;
  const keep = ctx.body['keep_section_ids'] === undefined ? undefined : new Set(check.array(ctx.body, 'keep_section_ids', 0, 20).map((id, i) => check.string({ id }, 'id', 100, `keep_section_ids[${i}]`)));
  const voice = findVoice(voiceId);
  if (!voice) throw new HttpError(400, 'invalid_request', `voice_id "${voiceId}" is not in the voice library (GET /v1/voices).`);
  ctx.state.credits.ensure(ctx.userId, priceOf('format'));
  const wordsPerMinute = (await voiceSample(voice)).wordsPerMinute * speed;
  const fitted = keep === undefined ? fitSections(sections, duration, wordsPerMinute) : fitKeeping(sections, duration, wordsPerMinute, keep);
  const words = countWords(fitted.map((section) => section.text).join(' '));
  const changes = formatChanges(sections, fitted, wordsPerMinute);
  const result: FormatResult = {
    sections: fitted,
    estimated_duration_s: Math.round((words / wordsPerMinute) * 60 * 10) / 10,
    changes,
    summary: formatSummary(changes),
    usage: ctx.state.credits.charge(ctx.userId, priceOf('format'), 'format', projectId),
  };
  return { status: 200, body: result };
}
