// The Embed Builder's snippets (demo/builder/snippet.js): never the User ID, both endpoints required, only
// non-default values, and the CDN and ESM flavours run as pasted into a blank page beside the host backend.
import { expect } from '@open-wc/testing';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { FLAVOURS, USER_ID_NOTE, generateSnippet, quote, type Flavour } from '../../demo/builder/snippet.js';
import {
  ARRANGEMENTS,
  DENSITIES,
  LOCALES,
  PANELS,
  PRESETS,
  THEME_MODES,
  TOOL_IDS,
  decodeShare,
  defaultState,
  encodeShare,
  type BuilderState,
} from '../../demo/builder/state.js';
import { until } from '../model/autosave-support.js';
import { prng } from '../audio/signals.js';

declare const __BUILDER_FUZZ_SEED__: string;

const FLAVOUR_IDS = FLAVOURS.map((flavour) => flavour.id);
const version = '0.1.0';


/** A random form state; the user id is a random token (or a hostile string) that nothing else contains. */
function randomState(next: () => number): BuilderState {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const token = (length: number) => Array.from({ length }, () => pick('abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'.split(''))).join('');
  const state = defaultState();
  state.height = pick(['640px', '80vh', '100%', '720px', '32rem']);
  state.arrangement = pick(ARRANGEMENTS);
  state.initialPanel = pick(PANELS);
  for (const id of TOOL_IDS) state.tools[id] = next() > 0.3;
  state.themeMode = pick(THEME_MODES);
  state.accent = pick(['', '#7c3aed', '#0f766e']);
  state.density = pick(DENSITIES);
  state.locale = pick(LOCALES);
  state.preset = pick(PRESETS);
  state.projectId = pick(['', `p-${token(8)}`, "it's <b>&"]);
  state.duration = pick(['30', '15', '60', '']);
  state.tokenUrl = pick(['/host/token', `/api/${token(6)}/token`]);
  state.refreshUrl = pick(['/host/refresh', `/api/${token(6)}/refresh`]);
  state.apiBaseUrl = pick(['', 'https://api.example.com', `https://${token(6).toLowerCase()}.example.net/`]);
  state.userId = pick([
    `u_${token(24)}`,
    `${token(12)}@${token(8)}.example`,
    `</script><script>alert("${token(10)}")</script>`,
    `O'Brien ${token(10)}`,
    `é漢字-${token(10)}`,
  ]);
  return state;
}

describe('Embed Builder snippets', () => {
  it('never contain the User ID, in any flavour or the share URL, over many random form states', () => {
    const base = __BUILDER_FUZZ_SEED__ === '' ? Math.floor(Math.random() * 2 ** 31) : Number(__BUILDER_FUZZ_SEED__);
    const cases = __BUILDER_FUZZ_SEED__ === '' ? 300 : 1;
    for (let i = 0; i < cases; i += 1) {
      const seed = base + i;
      const state = randomState(prng(seed));
      const replay = `(seed ${seed}; replay with BUILDER_FUZZ_SEED=${seed})`;
      const escaped = quote(state.userId).slice(1, -1);
      for (const flavour of FLAVOUR_IDS) {
        const code = generateSnippet(state, flavour, { version });
        expect(code.includes(state.userId), `${flavour} snippet holds the user id ${replay}`).to.equal(false);
        expect(code.includes(escaped), `${flavour} snippet holds the escaped user id ${replay}`).to.equal(false);
        expect(/userId\s*:/.test(code), `${flavour} snippet sets a userId ${replay}`).to.equal(false);
        expect(code.split(USER_ID_NOTE).length - 1, `${flavour} snippet has the auth.userId note once ${replay}`).to.equal(1);
        expect(code, `${flavour} snippet uses endpointAuth ${replay}`).to.include(`endpointAuth({ tokenUrl: ${quote(state.tokenUrl)}, refreshUrl: ${quote(state.refreshUrl)} })`);
      }
      const share = encodeShare(state);
      for (const form of [state.userId, encodeURIComponent(state.userId), new URLSearchParams({ x: state.userId }).toString().slice(2)]) {
        expect(share.includes(form), `share URL holds the user id ${replay}`).to.equal(false);
      }
      // The share URL restores everything else.
      const restored = decodeShare(`#${share}`);
      expect(JSON.stringify({ ...restored, userId: '' }), `share URL restores the form ${replay}`).to.equal(JSON.stringify({ ...state, userId: '' }));
    }
  });

  it('a user id put into a share URL by hand is ignored on restore', () => {
    const restored = decodeShare('#userId=u-1&user=u-2&uid=u-3&lang=fr');
    expect(restored.userId).to.equal('');
    expect(restored.locale).to.equal('fr');
  });

  it('require both endpoints, as same-origin paths', () => {
    const cases: [Partial<BuilderState>, RegExp][] = [
      [{ tokenUrl: '' }, /token endpoint is required/],
      [{ refreshUrl: '   ' }, /refresh endpoint is required/],
      [{ tokenUrl: 'https://evil.example/token' }, /path on your own site/],
      [{ refreshUrl: '//evil.example/refresh' }, /path on your own site/],
      [{ tokenUrl: 'host/token' }, /path on your own site/],
      [{ refreshUrl: '/host/refresh?user=1' }, /path on your own site/],
      [{ tokenUrl: '/host/to ken' }, /path on your own site/],
    ];
    for (const [change, message] of cases) {
      for (const flavour of FLAVOUR_IDS) {
        expect(() => generateSnippet({ ...defaultState(), ...change }, flavour, { version }), `${flavour} ${JSON.stringify(change)}`).to.throw(message);
      }
    }
  });

  it('write only what differs from the defaults', () => {
    const code = generateSnippet(defaultState(), 'esm', { version });
    for (const area of ['layout', 'tools', 'theme', 'i18n', 'mastering', 'project', 'api']) expect(code).not.to.include(`${area}:`);
    const state = { ...defaultState(), locale: 'fr' as const, duration: '45' };
    state.tools.upload = false;
    const changed = generateSnippet(state, 'esm', { version });
    expect(changed).to.include("i18n: { locale: 'fr' },");
    expect(changed).to.include('project: { duration: 45 },');
    expect(changed).to.include('tools: { upload: false },');
    expect(changed).not.to.include('layout:');
  });

  it('escape strings so that a value cannot leave its string or the script element', () => {
    const state = { ...defaultState(), projectId: "x'</script><img src=x onerror=alert(1)>" };
    const code = generateSnippet(state, 'cdn', { version });
    expect(code).not.to.include('</script><img');
    expect(code).to.include("id: 'x\\'\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e'");
    expect(code.match(/<\/script>/g)?.length).to.equal(2);
  });
});

/**
 * Whether the page in `win` got a token from the host backend (a 200 from /host/token; WebKit's resource timing
 * has no responseStatus: there, an answer with a body).
 */
const tokenAnswered = (win: Window): boolean =>
  (win.performance.getEntriesByType('resource') as (PerformanceResourceTiming & { responseStatus?: number })[]).some(
    (entry) => entry.name.endsWith('/host/token') && (entry.responseStatus === undefined ? entry.transferSize > 0 || entry.decodedBodySize > 0 : entry.responseStatus === 200),
  );

/** Puts `html` into a blank same-origin page (an iframe) and resolves once its editor is ready. */
async function runInBlankPage(html: string): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 1000px; height: 700px';
  frame.srcdoc = html;
  document.body.append(frame);
  await until(() => (frame.contentDocument?.querySelector('studio-editor') as { ready?: boolean } | null)?.ready === true, 'the pasted snippet to start an editor', 20_000);
  return frame;
}

/** The setup the pasted snippets run with: some non-default values, the test page's host and the emulator. */
function pastedState(): BuilderState {
  const state = { ...defaultState(), apiBaseUrl: apiBaseUrl as string, locale: 'fr' as const, height: '500px', themeMode: 'dark' as const, projectId: `pasted-${crypto.randomUUID().slice(0, 8)}` };
  state.tools.upload = false;
  return state;
}

describe('Embed Builder snippets pasted into a blank page', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => {
    frame?.remove();
    frame = undefined;
  });

  for (const flavour of ['cdn', 'esm'] as Flavour[]) {
    it(`the ${flavour} snippet starts the editor as is (studio-ready, a token from the host backend)`, async function () {
      const state = pastedState();
      const code = generateSnippet(state, flavour, { version });
      const page =
        flavour === 'cdn'
          ? // The CDN URL rewritten to the local build; nothing else changes.
            code.replace(/https:\/\/cdn\.example\.com\/service-studio-editor@[^/]+\/dist\//, '/dist/')
          : // An import map stands in for the bundler: the module code is pasted unchanged.
            [
              '<script type="importmap">{ "imports": { "service-studio-editor": "/dist/studio-editor.bundled.js" } }</script>',
              '<div id="editor"></div>',
              `<script type="module">\n${code}</script>`,
            ].join('\n');
      expect(page).to.include(flavour === 'cdn' ? '<script src="/dist/studio-editor.iife.js">' : code);
      frame = await runInBlankPage(`<!doctype html><html><body>${page}</body></html>`);
      const win = frame.contentWindow as Window & typeof globalThis;
      const element = frame.contentDocument!.querySelector('studio-editor')!;
      expect(element.isConnected).to.equal(true);
      // The config of the snippet reached the editor: the language, the height, the project id.
      expect(frame.contentDocument!.getElementById('editor')!.contains(element)).to.equal(true);
      expect(JSON.stringify(element.config?.i18n)).to.equal('{"locale":"fr"}');
      expect(JSON.stringify(element.config?.project)).to.equal(JSON.stringify({ id: state.projectId }));
      // A token came from the host backend through the generated callbacks.
      await until(() => tokenAnswered(win), 'a token from /host/token (HTTP 200)', 5000);
    });
  }

  for (const flavour of ['react', 'vue'] as Flavour[]) {
    it(`the ${flavour} snippet, pasted into an app and built by Vite for production, starts the editor as is`, async function () {
      const state = { ...pastedState(), userId: 'builder-user-not-in-code' };
      const code = generateSnippet(state, flavour, { version });
      expect(code).not.to.include('builder-user-not-in-code');
      const bytes = new TextEncoder().encode(code);
      const base64url = btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
      const response = await fetch(`/__apps/snippet.json?flavour=${flavour}&code=${base64url}`);
      expect(response.status, 'the snippet app built').to.equal(200);
      const { url } = (await response.json()) as { url: string };
      frame = document.createElement('iframe');
      frame.style.cssText = 'width: 1000px; height: 700px';
      frame.src = url;
      document.body.append(frame);
      await until(() => (frame!.contentDocument?.querySelector('studio-editor') as { ready?: boolean } | null)?.ready === true, `the ${flavour} app's editor to start`, 30_000);
      const win = frame.contentWindow as Window & typeof globalThis & { snippetReady?: boolean };
      await until(() => win.snippetReady === true, `the ${flavour} component's ready callback`);
      const element = frame.contentDocument!.querySelector('studio-editor')!;
      expect(JSON.stringify(element.config?.i18n)).to.equal('{"locale":"fr"}');
      expect(JSON.stringify(element.config?.project)).to.equal(JSON.stringify({ id: state.projectId }));
      await until(() => tokenAnswered(win), 'a token from /host/token (HTTP 200)', 5000);
    });
  }
});
