// What a price shown before an action says, and what the emulator counted for the action (test/e2e/prices-*.test.ts).
import { expect } from '@open-wc/testing';
import { creditsOf } from '../../src/model/credits.js';
import type { ProjectDocument } from '../../src/model/document.js';

/** The most a shown price says, in credits: "Up to 4 credits", "2 credits; up to 8 if…", "Uses no credits; up to 4 if…", "Uses 3 credits", "Uses no credits". */
export function shownCredits(text: string): number {
  const numbers = [...text.matchAll(/\d+/g)].map(([n]) => Number(n));
  if (numbers.length === 0 && /no credits/.test(text)) return 0;
  expect(numbers.length, `a price: ${text}`).to.be.greaterThan(0);
  return numbers.at(-1)!;
}

/** What the emulator counted so far: the credits its results reported used, and the credits it last said were left. */
export function counted(project: ProjectDocument): { used: number; left: number | undefined } {
  const { used, left } = creditsOf(project.usage);
  return { used: used ?? 0, left };
}

/** The credits an action used, by its usage records and by the account's balance (the two must agree). */
export function spent(before: ReturnType<typeof counted>, after: ReturnType<typeof counted>): number {
  const used = after.used - before.used;
  if (before.left !== undefined && after.left !== undefined) expect(before.left - after.left, 'the balance fell by what the results reported').to.equal(used);
  return used;
}
