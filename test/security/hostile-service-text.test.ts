// Issue 14: every text the service sends and the UI shows stays text. A corpus of markup, script URLs with
// control characters, CSS injection, bidi overrides, NUL and a 1 MB string goes through recommendations
// (titles, scripts, voice and music details), the voice and music libraries and the usage figures; nothing
// may become an element, run, or change a style, and what is shown is the text as sent.
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { ServiceClient } from '../../src/api/client.js';
import type { MusicLibrary, Recommendation, VoiceLibrary } from '../../src/api/contract.js';
import '../../src/components/studio-music-panel/studio-music-panel.js';
import '../../src/components/studio-recommend-panel/studio-recommend-panel.js';
import '../../src/components/studio-script-panel/studio-script-panel.js';
import '../../src/components/studio-voice-panel/studio-voice-panel.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';

const CORPUS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  'java\tscript:window.__pwned=1',
  'data:text/html,<svg onload=window.__pwned=1>',
  'red;}:host{display:none}*{background:url(//evil.example/x)}',
  '\u202Egnp.exe\u202C Summer',
  'NUL\u0000inside',
  '"><svg/onload=window.__pwned=1>',
];
const HUGE = 'A'.repeat(1_000_000);

declare global {
  interface Window {
    __pwned?: number;
  }
}

/** Every element under `root`, through open shadow roots. */
function allElements(root: ParentNode): Element[] {
  const out: Element[] = [];
  for (const element of root.querySelectorAll('*')) {
    out.push(element);
    if (element.shadowRoot) out.push(...allElements(element.shadowRoot));
  }
  return out;
}

/** All text under `root`, through open shadow roots (and input values). */
function allText(root: ParentNode): string {
  return allElements(root)
    .map((element) => (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : [...element.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('')))
    .join('\n');
}

function hostile(i: number): string {
  return CORPUS[i % CORPUS.length]!;
}

function recommendations(): Recommendation[] {
  return CORPUS.map((text, i) => ({
    recommendation_id: `r${i}`,
    title: text,
    script: { sections: [{ id: `s${i}`, label: hostile(i + 1), text: i === 0 ? HUGE : hostile(i + 2) }] },
    voice: { voice_id: `v${i}`, name: hostile(i + 3), language: hostile(i + 4) },
    music: { track_id: `t${i}`, title: hostile(i + 5), style: hostile(i + 6) },
    duration_s: 30,
  }));
}

const voices = (): VoiceLibrary => ({
  voices: CORPUS.map((text, i) => ({ voice_id: `v${i}`, name: text, language: hostile(i + 1), accent: hostile(i + 2), sample_url: 'javascript:window.__pwned=1', words_per_minute: 150 })),
});
const music = (): MusicLibrary => ({
  tracks: CORPUS.map((text, i) => ({ track_id: `t${i}`, title: text, style: hostile(i + 1), mood: hostile(i + 2), url: `https://cdn.example/${i}.wav`, preview_url: 'javascript:window.__pwned=1' })),
});

describe('hostile service text (issue 14)', () => {
  afterEach(() => {
    sinon.restore();
    delete window.__pwned;
  });

  it('recommendations, scripts and both libraries show the corpus as text, and nothing runs', async () => {
    const client = {
      pendingJobs: sinon.stub().resolves([]),
      pricing: sinon.stub().resolves(undefined),
      recommendFromUrl: sinon.stub().resolves({ recommendations: recommendations(), usage: { credits_used: '<b>3</b>', credits_remaining: HUGE } }),
      voices: sinon.stub().resolves(voices()),
      music: sinon.stub().resolves(music()),
    } as Partial<ServiceClient>;
    const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${client as ServiceClient}>
      <studio-editor-recommend-panel></studio-editor-recommend-panel>
      <studio-editor-script-panel></studio-editor-script-panel>
      <studio-editor-voice-panel></studio-editor-voice-panel>
      <studio-editor-music-panel></studio-editor-music-panel>
    </test-editor-context>`);
    const before = allElements(context).length;
    const recommend = context.querySelector('studio-editor-recommend-panel')!;
    await recommend.updateComplete;
    recommend.shadowRoot!.querySelector('studio-editor-recommend-form')!.dispatchEvent(
      new CustomEvent('recommend-submit', { detail: { source: 'url', url: 'https://shop.example.com/item', duration: 30, count: 8 }, bubbles: true }),
    );
    await waitUntil(() => recommend.shadowRoot!.querySelectorAll('studio-editor-recommendation-card').length === CORPUS.length, 'the cards');
    // Choosing the first idea puts its hostile script (and the 1 MB section) in the script panel.
    recommend.shadowRoot!.querySelector('studio-editor-recommendation-card')!.dispatchEvent(new CustomEvent('recommendation-choose', { detail: 'r0', bubbles: true }));
    await waitUntil(() => allText(context).includes(CORPUS[3]!), 'the libraries to show');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const elements = allElements(context);
    // Nothing the corpus names became an element; no handler attribute anywhere; nothing ran.
    expect(elements.filter((e) => ['IMG', 'SCRIPT', 'SVG', 'IFRAME', 'OBJECT'].includes(e.tagName.toUpperCase())).length).to.equal(0);
    expect(elements.filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length).to.equal(0);
    expect(elements.filter((e) => [...e.attributes].some((a) => /javascript:/i.test(a.value))).length).to.equal(0);
    expect(window.__pwned).to.equal(undefined);
    // The CSS text did not hide anything: the panels are still displayed.
    expect(getComputedStyle(recommend).display).to.not.equal('none');
    expect(elements.length).to.be.greaterThan(before);
    // What is shown is the text as sent (every short entry of the corpus appears verbatim somewhere).
    const text = allText(context);
    for (const entry of CORPUS) expect(text.includes(entry), JSON.stringify(entry)).to.equal(true);
    expect(text.includes(HUGE)).to.equal(true);
  });
});
