// A feed row voiced (session/feed-row.ts `voiceRow`) and priced (feed-price.ts) at the edge of the judge's speech
// rule: takes that end SPEECH_SLACK past the ad are past its end by the judge's `speechPastEnd`, for the row as
// for the version chip on the same document, and the price counts the reads the run then makes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProjectDocument } from '../../../src/model/document.js';
import { versionStatus } from '../../../src/rules/version.js';
import { deliverFeed, feedPrice } from '../../../src/session/feed-deliver.js';
import { versionRows } from '../../../src/session/feed-row-deliver.js';
import { planRow, voiceRow } from '../../../src/session/feed-row.js';
import type { FeedTakes } from '../../../src/session/feed-takes.js';
import { FEED_SECONDS, feedHost } from '../support/feed-template.js';

/** The template with its Call to action's take ending at `end` seconds (2 s long). */
const endingAt = (end: number) => (project: ProjectDocument): ProjectDocument => ({
  ...project,
  clips: project.clips.map((clip) => (clip.sectionId === 'cta' ? { ...clip, start: end - 2 } : clip)),
  assets: project.assets.map((asset) => (asset.asset_id === 'template-cta' ? { ...asset, duration_s: 2 } : asset)),
});

/** A take cache that is never asked: the row's values are the samples, so every take is the template's. */
const noTakes = { take: () => Promise.reject(new Error('no take should be asked for')) } as unknown as FeedTakes;

describe('a feed row at the end of the ad', () => {
  for (const end of [FEED_SECONDS + 0.0005, FEED_SECONDS + 0.001, FEED_SECONDS + 0.002]) {
    it(`says its speech runs past the end exactly when the judge does, for takes ending at ${end} s`, async () => {
      const { host } = feedHost({ change: endingAt(end) });
      const project = host.project();
      const rows = versionRows(project, project.openVersion, host.config()!);
      const ad = await voiceRow(rows.context, planRow(rows.context, 0, project.voice.speed), noTakes);
      assert.equal(ad.speechEnd, end);
      const cut = versionStatus(ad.view, ad.view.openVersion, [], 1.2).speechCut > 0;
      assert.equal(ad.problems.some((problem) => problem.said !== undefined && 'key' in problem.said && problem.said.key === 'feed.says.speechPast'), cut);
    });
  }

  it('is priced as the run reads it when its takes end SPEECH_SLACK past the end', async () => {
    const { host, requests } = feedHost({ destinations: ['broadcast-ebu-r128'], change: endingAt(FEED_SECONDS + 0.001) });
    // Past the end by the judge: read at 1.05x as planned, its 3 sections (2 credits each); at most read once more.
    assert.deepEqual(await feedPrice(host, ['TR-100']), { credits: 6, most: 12 });
    await assert.rejects(deliverFeed(host, { rows: ['TR-100'] }), /TR-100: Its speech ends at/);
    assert.deepEqual(requests.map((request) => request.speed), [1.05, 1.05, 1.05, 1.1, 1.1, 1.1], 'read faster, then once more, within its price');
  });
});
