import type { ProjectDocument } from './document.js';

/**
 * The credits this project's service calls used (the sum of their usage records) and what the account has
 * left as the latest record that says so reports; undefined where nothing was reported.
 */
export function creditsOf(usage: ProjectDocument['usage']): { used: number | undefined; left: number | undefined } {
  const used = usage.length === 0 ? undefined : usage.reduce((sum, entry) => sum + (Number(entry.usage.credits_used) || 0), 0);
  for (let i = usage.length - 1; i >= 0; i -= 1) {
    const left = Number(usage[i]!.usage.credits_remaining);
    if (usage[i]!.usage.credits_remaining !== undefined && Number.isFinite(left)) return { used, left };
  }
  return { used, left: undefined };
}
