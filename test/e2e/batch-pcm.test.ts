// Browser and Node give the same PCM for the same document and takes (issue 43): a feed's template made on the
// emulator, its Body voiced for the slots' samples (so the row TR-100, whose values are the samples, needs no
// voice-over: both sides use the template's own takes), the row delivered by the editor's engine in this browser
// (`deliverFeed()`) to a lossless destination (WAV 24-bit), and the same row of the same document rendered in
// Node by `service-studio-editor/batch` (the server command of scripts/lib/batch-plugin.mjs, with the account
// key). The files' names and their PCM (the `data` chunk) are compared byte for byte.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { unzipSync } from 'fflate';
import type { StudioHandle } from '../../src/create.js';
import { cleanupMounts } from '../support/auth.js';
import { wavChunks, wavFormat } from '../support/delivered-file.js';
import { feedTemplate, madeAdEditor } from '../support/made-ad.js';

const CSV = `sku,product_name,price
TR-100,Trail shoes,59.99
`;
/** The Body as TR-100 speaks it: its slots filled with the samples. */
const SAMPLE_BODY = 'Get Trail shoes for 59.99 dollars, today only.';
const DESTINATION = 'broadcast-ebu-r128';

interface NodeRow {
  status: string;
  reasons: string[];
  files: { path: string; base64: string }[];
}

/**
 * Row `row` of `project` rendered in Node on the test server (scripts/lib/batch-plugin.mjs): started, then asked
 * for until it ends, each ask waiting up to 5 s for it (the runner gives one command 20 s; a busy machine takes more).
 */
async function batchRow(project: unknown, row: string): Promise<NodeRow> {
  const { job } = (await executeServerCommand('studio-batch-row', { project, row, destination: DESTINATION })) as { job: string };
  for (;;) {
    const answer = (await executeServerCommand('studio-batch-row-result', { job })) as ({ done: false } | ({ done: true } & NodeRow));
    if (answer.done) return answer;
  }
}

const bytesOf = (base64: string): Uint8Array => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/** The index of the first byte where `a` and `b` differ, or -1. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : length;
}

describe('Batch: browser and Node render the same PCM (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  it('delivers each row to WAV with the same name and the same samples, byte for byte, in the browser and in Node', async function () {
    this.timeout(300_000);
    const { h, user } = await madeAdEditor('editor-batch-pcm', 'batch-pcm', (made) => (handle = made));
    feedTemplate(h, CSV);
    // The template's Body take, as the user would voice it again: its text with the samples.
    const template = h.getProject();
    const body = template.script.sections[1]!;
    const source = { text: SAMPLE_BODY, voice: template.voice.voice!, speed: template.voice.speed };
    const { asset } = await h.api.voiceover({ project_id: user, text: source.text, voice_id: source.voice, speed: source.speed, section_id: body.id });
    h.element.store.dispatch({ type: 'voiceover/received', asset, sectionId: body.id, source, clipId: template.clips.find((clip) => clip.sectionId === body.id)!.id });

    const result = await h.deliverFeed({ destinations: [DESTINATION] });
    expect(result.manifest.feed.takes.voiced, 'no voice-over: the row uses the template\'s takes').to.equal(0);
    const browserFiles = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    const project = h.getProject();

    for (const row of ['TR-100']) {
      const inBrowser = Object.keys(browserFiles).filter((name) => name.startsWith(`${row}/`) && name.endsWith('.wav'));
      expect(inBrowser, `${row} in the browser's ZIP`).to.have.length(1);
      const node = await batchRow(project, row);
      expect(node.status, node.reasons.join('; ')).to.equal('delivered');
      const nodeWav = node.files.filter((file) => file.path.endsWith('.wav'));
      expect(nodeWav.map((file) => file.path), 'the same file name').to.deep.equal(inBrowser);
      // And the same captions and transcript beside it.
      const words = (name: string) => Object.keys(browserFiles).filter((path) => path.startsWith(`${row}/`) && /\.(vtt|txt)$/.test(path)).includes(name);
      expect(node.files.filter((file) => /\.(vtt|txt)$/.test(file.path)).map((file) => words(file.path)), 'captions and transcript, by the same names').to.deep.equal([true, true]);
      const browserPcm = wavChunks(browserFiles[inBrowser[0]!]!);
      const nodePcm = wavChunks(bytesOf(nodeWav[0]!.base64));
      expect(wavFormat(nodePcm), `${row}: format`).to.deep.equal(wavFormat(browserPcm));
      const at = firstDifference(browserPcm.get('data')!, nodePcm.get('data')!);
      expect(at, `${row}: the PCM differs from byte ${at} of ${browserPcm.get('data')!.length}`).to.equal(-1);
    }
  });
});
