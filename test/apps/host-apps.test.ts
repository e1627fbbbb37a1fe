// Issue 13: host apps built for production as their frameworks build them (React 19, Vue 3, Svelte 5), each
// with the README's pattern: a config object literal made again on every render and handlers that change
// state on every studio-change. No loop, no restart, no token request after the first.
import { expect } from '@open-wc/testing';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { until } from '../model/autosave-support.js';

for (const framework of ['react', 'vue', 'svelte']) describe(`${framework} host app with an inline config`, () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  it('renders 50 times on studio-change with one studio-ready, one token request and the history kept', async function () {
    this.timeout(30_000);
    frame = document.createElement('iframe');
    frame.style.cssText = 'width: 1100px; height: 600px';
    const id = crypto.randomUUID().slice(0, 8);
    frame.src = `/test/apps/${framework}/index.html?api=${encodeURIComponent(apiBaseUrl as string)}&user=react-${id}&project=react-p-${id}`;
    document.body.append(frame);
    await until(() => frame!.contentWindow?.hostApp?.readies === 1, `the editor in the ${framework} app to be ready`, 15_000);
    const win = frame.contentWindow!;
    const stats = win.hostApp!;
    const element = win.document.querySelector('studio-editor') as StudioEditor;
    // The framework set the config as a property, and the accent went through the CSSOM.
    expect(element.style.getPropertyValue('--studio-accent')).to.equal('#7c3aed');
    const client = element.api;
    // Let the app settle (its setReady render), then a quiet moment: each render there has a cause (a
    // studio-change, e.g. the music library's URL arriving), none comes on its own: no loop.
    await until(() => win.document.getElementById('state')!.textContent!.startsWith('ready'), 'the ready render');
    const quiet = { renders: stats.renders, changes: stats.changes };
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stats.renders - quiet.renders).to.be.at.most(stats.changes - quiet.changes);
    const rendersBefore = stats.renders;
    const changesBefore = stats.changes;
    const tokensBefore = stats.tokenCalls;
    for (let i = 1; i <= 50; i += 1) {
      element.store.dispatch({ type: 'project/rename', title: `Edit ${i}` });
      await until(() => stats.changes >= changesBefore + i && win.document.getElementById('state')!.textContent === `ready, ${stats.changes} changes`, `render ${i}`);
    }
    expect(stats.renders - rendersBefore).to.be.within(50, 50 + (stats.changes - changesBefore - 50) + 10);
    expect(stats.readies).to.equal(1);
    // No token request from the re-renders (the first one, at start, is the spec's).
    expect(tokensBefore).to.equal(1);
    expect(stats.tokenCalls).to.equal(tokensBefore);
    expect(element.api).to.equal(client);
    expect(element.getProject().title).to.equal('Edit 50');
    expect(element.store.getState().history.pastDepth).to.equal(50);
  });
});
