// Everything one emulator instance keeps: tokens, jobs, assets, credits, recommendations, webhooks, faults.
import type { Recommendation } from '../../../src/api/contract.js';
import { AssetStore } from './assets.js';
import { Faults } from './faults.js';
import { IdempotencyStore } from './idempotency.js';
import { JobStore } from './jobs.js';
import type { EmulatorOptions } from './options.js';
import { RequestLog, VoiceoverRate, VoiceoverTexts } from './test-routes.js';
import { TokenStore } from './tokens.js';
import { CreditLedger } from './usage.js';
import { WebhookSender } from './webhooks.js';

export class EmulatorState {
  readonly faults = new Faults();
  readonly tokens: TokenStore;
  readonly jobs: JobStore;
  readonly assets: AssetStore;
  readonly credits: CreditLedger;
  readonly webhooks: WebhookSender;
  /** Recommendations each user received, by id, so `generate` can start from one. */
  readonly recommendations = new Map<string, Map<string, Recommendation>>();
  /** Idempotency keys of job starts. */
  readonly idempotency: IdempotencyStore;
  /** Requests received, when `options.testRoutes` is on. */
  readonly requests = new RequestLog();
  /** Voice-over requests per second, when `options.testRoutes` is on. */
  readonly voiceoverRate = new VoiceoverRate();
  /** The texts of the voice-overs each user asked for, when `options.testRoutes` is on. */
  readonly voiceoverTexts = new VoiceoverTexts();
  /** The emulator's own origin (e.g. `http://127.0.0.1:8081`), known once it listens. */
  baseUrl = '';

  constructor(readonly options: EmulatorOptions) {
    this.tokens = new TokenStore(() => options.tokenTtlS, options.now);
    this.jobs = new JobStore(() => options.jobStepMs * this.faults.settings.slowFactor, (userId) => this.faults.takeJobFailure(userId));
    this.assets = new AssetStore(() => this.baseUrl);
    this.credits = new CreditLedger(() => options.creditsPerUser);
    this.webhooks = new WebhookSender(() => options.webhookRetryMs);
    this.idempotency = new IdempotencyStore(options.now);
  }

  remember(userId: string, recommendations: Recommendation[]): void {
    let mine = this.recommendations.get(userId);
    if (!mine) this.recommendations.set(userId, (mine = new Map()));
    for (const recommendation of recommendations) mine.set(recommendation.recommendation_id, recommendation);
    while (mine.size > 200) mine.delete(mine.keys().next().value!);
  }

  /** Clears faults and all state (tokens, jobs, assets, credits, webhooks). */
  reset(): void {
    this.faults.reset();
    this.tokens.clear();
    this.jobs.clear();
    this.assets.clear();
    this.credits.clear();
    this.webhooks.clear();
    this.recommendations.clear();
    this.requests.clear();
    this.voiceoverRate.clear();
    this.voiceoverTexts.clear();
    this.idempotency.clear();
  }
}
