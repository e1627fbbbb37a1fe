// Host apps built for production by Vite (React 19, Vue 3, Svelte 5; scripts/lib/app-bundle-plugin.mjs), each
// with the documented pattern: a config object literal made again on every render and handlers that change
// state on every studio-change. No loop, no restart, no token request after the first (issue 13); the render
// worker Vite emitted starts and renders, and an export comes out, with no warning (issue 17); an MP3 is
// encoded in the MP3 worker Vite emitted (issue 18).
import { expect } from '@open-wc/testing';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { until } from '../model/autosave-support.js';

/** The length of a PCM WAV file in seconds, from its `fmt ` and `data` chunks. */
function wavSeconds(view: DataView): number {
  const tag = (at: number) => String.fromCharCode(...new Uint8Array(view.buffer, at, 4));
  expect(tag(0) + tag(8)).to.equal('RIFFWAVE');
  let bytesPerSecond = 0;
  for (let at = 12; at + 8 <= view.byteLength; at += 8 + view.getUint32(at + 4, true) + (view.getUint32(at + 4, true) % 2)) {
    if (tag(at) === 'fmt ') bytesPerSecond = view.getUint32(at + 16, true);
    if (tag(at) === 'data') return view.getUint32(at + 4, true) / bytesPerSecond;
  }
  throw new Error('no data chunk');
}

for (const framework of ['react', 'vue', 'svelte']) describe(`${framework} host app with an inline config`, () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  it('renders 50 times on studio-change with one studio-ready, one token request and the history kept', async function () {
    frame = document.createElement('iframe');
    frame.style.cssText = 'width: 1100px; height: 600px';
    const id = crypto.randomUUID().slice(0, 8);
    frame.src = `/__apps/${framework}/index.html?api=${encodeURIComponent(apiBaseUrl as string)}&user=react-${id}&project=react-p-${id}`;
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

  it('renders the mix in the worker Vite emitted, exports a WAV and an MP3 and updates its config without a restart', async function () {
    frame = document.createElement('iframe');
    frame.style.cssText = 'width: 1100px; height: 600px';
    const id = crypto.randomUUID().slice(0, 8);
    frame.src = `/__apps/${framework}/index.html?api=${encodeURIComponent(apiBaseUrl as string)}&user=${framework}-w-${id}&project=${framework}-wp-${id}`;
    document.body.append(frame);
    await until(() => frame!.contentWindow?.hostApp?.readies === 1, `the editor in the ${framework} app to be ready`, 30_000);
    const win = frame.contentWindow!;
    const element = win.document.querySelector('studio-editor') as StudioEditor;
    const project = element.getProject();
    await element.loadProject({
      ...project,
      duration: 6,
      music: { track: null, assetId: null, url: `${apiBaseUrl as string}/cdn/music/calm-harbour.wav`, gain: -6, offset: 0, loop: true, fadeIn: 0.5, fadeOut: 1 },
    });
    // The editor's audio is loaded once it is ready.
    const previewOf = () => (element as unknown as { preview: { getState(): { status: string } } | undefined }).preview;
    await until(() => previewOf()?.getState().status === 'ready', 'the preview rendered', 30_000);
    const probe = win.hostProbe!;
    // Distinct files: the decode worker may run twice at once (a long stereo file).
    const emitted = () => [...new Set(probe.workers.filter((url) => new URL(url, win.location.href).pathname.startsWith(`/__apps/${framework}/`)))];
    expect(emitted(), 'the render worker and the decode worker emitted by Vite').to.have.length(2);
    expect(emitted().some((url) => /decode-worker/.test(url)), `the decode worker ran (${emitted().join(', ')})`).to.equal(true);
    const wav = new DataView(await (await element.export({ format: 'wav16' })).arrayBuffer());
    expect(wavSeconds(wav), 'the exported WAV lasts the ad').to.equal(6);
    // The MP3 worker, emitted by Vite too, starts only now.
    const mp3 = new Uint8Array(await (await element.export({ format: 'mp3' })).arrayBuffer());
    expect(String.fromCharCode(...mp3.subarray(0, 3)), 'an MP3 with its ID3 tag').to.equal('ID3');
    expect(emitted(), 'the MP3 worker emitted by Vite').to.have.length(3);
    const readies = win.hostApp!.readies;
    element.config = { ...element.config!, theme: { accent: '#0f766e' } };
    await element.updateComplete;
    expect(element.style.getPropertyValue('--studio-accent')).to.equal('#0f766e');
    expect(win.hostApp!.readies).to.equal(readies);
    expect(probe.warnings, 'no warning (no worker failure, no CSP blamed)').to.deep.equal([]);
  });
});
