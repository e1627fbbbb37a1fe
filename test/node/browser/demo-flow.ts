// Walks the demo page's whole flow in a puppeteer page, through the UI a person uses: recommend from a
// URL, choose a result, generate the voice-over, see the timeline's waveforms drawn, play, open the
// master panel, export WAV then MP3. Throws, naming the step, when a step does not happen.
import type { Page } from 'puppeteer-core';

// Installed in the page as a string (see chromium.ts): finds through open shadow roots.
const DEEP_FIND = `
  window.__deep = (selector, text) => {
    const search = (root) => {
      for (const element of root.querySelectorAll(selector)) if (text === undefined || element.textContent.trim().includes(text)) return element;
      for (const element of root.querySelectorAll('*')) {
        const hit = element.shadowRoot && search(element.shadowRoot);
        if (hit) return hit;
      }
      return null;
    };
    return search(document);
  };
  window.__deepAll = (selector) => {
    const found = [];
    const search = (root) => {
      found.push(...root.querySelectorAll(selector));
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) search(element.shadowRoot);
    };
    search(document);
    return found;
  };
`;

async function step(name: string, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    throw new Error(`demo flow, step "${name}": ${(error as Error).message}`);
  }
}

const until = (page: Page, expression: string, timeout = 30_000) => page.waitForFunction(expression, { timeout, polling: 100 });

async function click(page: Page, selector: string, text?: string): Promise<void> {
  const args = JSON.stringify([selector, text]).slice(1, -1);
  await until(page, `window.__deep(${args})`);
  await page.evaluate(`window.__deep(${args}).click()`);
}

/** Opens a tab of the editor, clicking again until it is selected (a click during a re-render can be lost). */
async function openTab(page: Page, id: string): Promise<void> {
  await page.waitForFunction(`window.__deep('#tab-${id}')?.getAttribute('aria-selected') === 'true' || (window.__deep('#tab-${id}')?.click(), false)`, {
    timeout: 30_000,
    polling: 500,
  });
}

export interface FlowResult {
  /** Canvases drawn by the timeline's waveforms. */
  waveformCanvases: number;
  /** URLs of the workers the page started (the decode worker stops once idle, the render worker stays until the editor goes). */
  workers: string[];
  /** Exported files: `type size`. */
  exports: string[];
}

/** Opens the demo page `url` and walks it to a voiced project: recommend, choose, voice-over. */
export async function voiceOver(page: Page, url: string): Promise<void> {
  await page.evaluateOnNewDocument(DEEP_FIND);
  await page.goto(url, { waitUntil: 'load' });
  await step('the editor is ready', () => until(page, 'window.studio !== undefined'));
  await page.evaluate(`window.__exports = []; window.studio.on('export', (detail) => window.__exports.push(detail.blob.type + ' ' + detail.blob.size))`);

  await step('recommend', async () => {
    await until(page, "window.__deep('#url')");
    await page.evaluate("window.__deep('#url').focus()");
    await page.keyboard.type('https://www.northwind-bikes.com/products/trail-runner-2');
    await page.keyboard.press('Enter');
    await until(page, "window.__deepAll('studio-editor-recommendation-card').length === 3");
  });
  await step('choose', async () => {
    await click(page, 'button', 'Use this');
    await until(page, "window.__deep('[role=status]', 'is now your script')");
  });
  await step('voice-over', async () => {
    await openTab(page, 'script');
    const generate = "window.__deep('studio-editor-script-editor')?.shadowRoot.querySelector('button.primary')";
    await until(page, `${generate}?.textContent.includes('Generate voice-over') && !${generate}.disabled`);
    await page.evaluate(`${generate}.click()`);
    await until(page, 'window.studio.getProject().clips.length > 0 && window.studio.getProject().clips.length === window.studio.getProject().script.sections.length');
  });
}

/** Walks the whole flow of the demo page `url`. */
export async function walkDemoFlow(page: Page, url: string): Promise<FlowResult> {
  const workers: string[] = [];
  page.on('workercreated', (worker) => workers.push(worker.url()));
  await voiceOver(page, url);
  await step('timeline waveforms drawn', async () => {
    await until(page, "window.studio.element.preview.getState().status === 'ready'", 60_000);
    // wavesurfer's canvases, in the shadow roots of the timeline's waveform hosts (those in view are drawn).
    await until(page, "window.__deepAll('canvas').some((canvas) => canvas.width > 0 && canvas.getRootNode().host?.closest('.wave') != null)");
  });
  const waveformCanvases = (await page.evaluate("window.__deepAll('canvas').filter((canvas) => canvas.width > 0 && canvas.getRootNode().host?.closest('.wave') != null).length")) as number;
  await step('play', async () => {
    // The preview the toolbar's play button starts (the button itself: see the README's known issues).
    await page.evaluate('window.studio.element.preview.play()');
    await until(page, "window.studio.element.preview.getState().transport === 'playing'");
    await new Promise((resolve) => setTimeout(resolve, 400));
    await page.evaluate('window.studio.element.preview.pause()');
    await until(page, "window.studio.element.preview.getState().transport !== 'playing'");
  });
  await step('master', async () => {
    await openTab(page, 'master');
    await until(page, "window.__deep('[part=\"summary\"]')");
  });
  // Through the handle, as a host page would (it fires studio-export as the export panel's button does).
  await step('export WAV', () => page.evaluate("window.studio.export({ format: 'wav16' })"));
  await step('export MP3', () => page.evaluate("window.studio.export({ format: 'mp3' })"));
  return { waveformCanvases, workers, exports: (await page.evaluate('window.__exports')) as string[] };
}
