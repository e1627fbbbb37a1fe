// Headless Chromium for the Node-side browser tests (puppeteer-core, this machine's Chromium), and a page
// that records every Content-Security-Policy / Trusted Types violation and every uncaught error.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { chromiumTestArgs, chromiumTestPath } from '../../../scripts/lib/chromium.mjs';

export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({ executablePath: chromiumTestPath(), headless: true, args: chromiumTestArgs() });
}

/** What went wrong in a page: violations (`directive blockedURI`), uncaught errors and console errors. */
export interface PageProblems {
  violations(): Promise<string[]>;
  readonly errors: string[];
  readonly consoleErrors: string[];
  readonly consoleWarnings: string[];
}

// A string, not a function: what tsx compiles a function into is not guaranteed to run in the page.
const RECORD_VIOLATIONS = `
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__violations.push(event.effectiveDirective + ' ' + event.blockedURI + (event.sample ? ' (' + event.sample + ')' : ''));
  });
`;

/** Starts recording on `page` (call before navigating). Downloads are refused, not written to disk. */
export async function watchPage(page: Page): Promise<PageProblems> {
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  const consoleWarnings: string[] = [];
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
    if (message.type() === 'warn') consoleWarnings.push(message.text());
  });
  await page.evaluateOnNewDocument(RECORD_VIOLATIONS);
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'deny' });
  return {
    violations: () => page.evaluate('window.__violations ?? []') as Promise<string[]>,
    errors,
    consoleErrors,
    consoleWarnings,
  };
}
