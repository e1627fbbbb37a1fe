// Words a second against a sheet's limit (issue 51, "one judge"): the feed template's ad, whose takes read at about
// 2.3 words a second, delivered by `deliverAd` to a destination whose sheet takes at most 2, and the feed's row of
// the same text (TR-100, the samples) run by `deliverFeed` to it. The ad's file fails the sheet's
// `words-per-second` rule and stays out of the ZIP, with the rule and its reason in the manifest; the row is refused
// with the same limit. The pipeline's core on this thread; a WAV destination, so nothing needs FFmpeg.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unzipSync } from 'fflate';
// The host destinations' checks, which the editor loads after its first paint: here before any config is resolved.
import '../../../src/config/destinations.js';
import type { HostDestinationProfile } from '../../../src/config/types.js';
import { resolveConfig } from '../../../src/config/validate.js';
import { destinationById } from '../../../src/delivery/destinations.js';
import { judgeAdRead } from '../../../src/rules/read.js';
import { versionStatus } from '../../../src/rules/version.js';
import { StudioDeliverFailedError } from '../../../src/session/deliver-failed-error.js';
import { deliverAd } from '../../../src/session/editor-deliver.js';
import { deliverFeed } from '../../../src/session/feed-deliver.js';
import { nodeDeliverHost } from '../delivery-make.js';
import { feedHost, feedTemplate } from '../support/feed-template.js';

const { id: _id, label: _label, ...ebu } = destinationById('broadcast-ebu-r128')!;
const RADIO_X: HostDestinationProfile = { ...ebu, id: 'radio-x', label: 'Radio X', maxWordsPerSecond: 2 };
const config = () => resolveConfig({ api: { baseUrl: 'https://api.example.com' }, auth: { getToken: () => 't', refreshToken: () => 't' }, delivery: { destinations: [RADIO_X] } });

describe('a sheet that limits words a second', () => {
  it("leaves the ad's file out as failed, with the rule and its reason, and refuses the feed row of the same text with the same limit", async () => {
    const { project, sources } = feedTemplate(['radio-x']);
    // The figure the Script step judges the ad's takes on.
    const { length } = judgeAdRead(project, 'ad', {});
    const { wordsPerSecond } = length;
    assert.equal(length.estimate, false);
    assert.ok(wordsPerSecond > 2.05 && wordsPerSecond < 3, `the takes read at ${wordsPerSecond} words a second`);

    const run = await deliverAd({ ...nodeDeliverHost(() => project, sources), config }, { destinations: ['radio-x'] });
    assert.deepEqual(run.manifest.files, [], 'nothing passes');
    const [file] = run.manifest.excluded;
    assert.ok(file !== undefined && !file.pass, 'the file is failed and left out');
    const zipped = Object.keys(unzipSync(new Uint8Array(await run.zip.arrayBuffer())));
    assert.ok(zipped.includes('manifest.json') && !zipped.includes(file.fileName), `not in the ZIP: ${zipped.join(', ')}`);
    const failed = file.rules.filter((rule) => !rule.pass);
    assert.deepEqual(failed, [{ rule: 'words-per-second', pass: false, measured: wordsPerSecond, required: 'at most 2 words a second', fix: 'shorten the script' }], 'fails only its words a second');

    // The row whose values are the samples reads the template's takes: the same text, refused for the same limit.
    const { host } = feedHost({ destinations: ['radio-x'] });
    const refused = await deliverFeed({ ...host, config }, { rows: ['TR-100'] }).then(
      () => assert.fail('the row was delivered'),
      (error: unknown) => error,
    );
    assert.ok(refused instanceof StudioDeliverFailedError, String(refused));
    const [row] = refused.failed;
    assert.equal(row?.name, 'TR-100');
    const said = `${wordsPerSecond.toFixed(1)} words a second: Radio X takes at most 2 words per second`;
    assert.ok(row.reasons.some((text) => text.includes(said)), `${row.reasons.join(' | ')} says "${said}"`);
  });

  it('is said once by the version chip: as its pace, not again as a file rule of the destination', () => {
    const { project } = feedTemplate(['radio-x']);
    const radioX = config().delivery.destinations.find((destination) => destination.id === 'radio-x')!;
    const status = versionStatus(project, project.openVersion, [radioX], 1.2);
    assert.deepEqual(status.findings.map((found) => [found.rule, found.severity]), [['words-per-second', 'problem']]);
    assert.deepEqual(status.problems, []);
    assert.equal(status.pass, false);
  });
});
