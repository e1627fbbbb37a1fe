// The package's three doors, each as a host ships it: the script tag (dist/studio-editor.iife.js on a plain
// page), the npm import bundled by Vite for production, and `service-studio-editor/react` bundled by Vite.
// Each runs the built files, not the sources: ready, a refresh on a 401, endpointAuth's own words when the
// refresh endpoint answers a sign-in page, and an export.
import { expect } from '@open-wc/testing';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl, emulatorAdmin } from '/__studio-env.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { until } from '../model/autosave-support.js';
import type { DoorOptions } from './door.js';

const DOORS = [
  { name: 'the script tag', page: '/test/fixtures/iife-door/index.html' },
  { name: 'the npm import (Vite)', page: '/__apps/esm-door/index.html' },
  { name: 'service-studio-editor/react (Vite)', page: '/__apps/react-door/index.html' },
];

async function faults(body: object): Promise<void> {
  const response = await fetch(`${emulatorAdmin as string}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).to.equal(200);
}

/** The length of a PCM WAV file in seconds. */
function wavSeconds(view: DataView): number {
  const tag = (at: number) => String.fromCharCode(...new Uint8Array(view.buffer, at, 4));
  let bytesPerSecond = 0;
  for (let at = 12; at + 8 <= view.byteLength; at += 8 + view.getUint32(at + 4, true) + (view.getUint32(at + 4, true) % 2)) {
    if (tag(at) === 'fmt ') bytesPerSecond = view.getUint32(at + 16, true);
    if (tag(at) === 'data') return view.getUint32(at + 4, true) / bytesPerSecond;
  }
  throw new Error('no data chunk');
}

for (const door of DOORS) describe(`the built package through ${door.name}`, () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  async function mount(refreshUrl: string): Promise<{ element: StudioEditor; user: string; win: Window }> {
    frame = document.createElement('iframe');
    frame.style.cssText = 'width: 1000px; height: 600px';
    frame.src = door.page;
    document.body.append(frame);
    await until(() => frame!.contentWindow?.door !== undefined, `the door page of ${door.name} to load`, 30_000);
    const win = frame.contentWindow!;
    const user = `door-${crypto.randomUUID().slice(0, 8)}`;
    const options: DoorOptions = { api: apiBaseUrl as string, user, project: `${user}-p`, tokenUrl: '/host/token', refreshUrl };
    const element = (await win.door!.mount(options)) as StudioEditor;
    return { element, user, win };
  }

  const asked = (win: Window, path: string) =>
    win.performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === path).length;

  it('is ready, refreshes once on a 401 and exports the ad', async function () {
    const { element, user, win } = await mount('/host/refresh');
    expect(element.localName).to.equal('studio-editor');
    await element.api!.voices();
    await faults({ unauthorized: 1, scope: user });
    const voices = await element.api!.voices();
    expect(voices.voices.length).to.be.greaterThan(0);
    expect(asked(win, '/host/refresh'), 'one refresh').to.equal(1);
    await element.loadProject({
      ...element.getProject(),
      duration: 5,
      music: { track: null, assetId: null, url: `${apiBaseUrl as string}/cdn/music/calm-harbour.wav`, gain: -6, offset: 0, loop: true, fadeIn: 0.5, fadeOut: 1 },
    });
    const previewOf = () => (element as unknown as { preview?: { getState(): { status: string } } }).preview;
    await until(() => previewOf()?.getState().status === 'ready', 'the preview rendered', 30_000);
    const wav = new DataView(await (await element.export({ format: 'wav16' })).arrayBuffer());
    expect(wavSeconds(wav)).to.equal(5);
  });

  it('says what the refresh endpoint answered (status and media type, never its body) through auth-error and the rejection', async function () {
    const { element, user } = await mount('/__sign-in');
    await element.api!.voices();
    const said: string[] = [];
    element.addEventListener('studio-auth-error', (event) => said.push(event.detail.message));
    // Every request of this user answered 401 (the editor's own requests in the background too, which may
    // come first), until the end of the test.
    await faults({ unauthorized: 'all', scope: user });
    let message = '';
    try {
      await element.api!.fetch(`${apiBaseUrl as string}/v1/voices`);
    } catch (error) {
      message = String((error as Error).message);
    } finally {
      await faults({ unauthorized: 0, scope: user });
    }
    const words = 'The refresh endpoint (/__sign-in) answered text/html, not JSON (HTTP 200).';
    expect(message).to.include(words);
    expect(said.length, 'an auth-error').to.be.greaterThan(0);
    for (const line of said) expect(line).to.include(words);
    expect(`${message} ${said.join(' ')}`).to.not.match(/Sign in|password/);
  });
});
