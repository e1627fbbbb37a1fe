import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAMPAIGN_FIELDS, EMPTY_CAMPAIGN, campaignFieldProblem, normaliseCampaignField } from '../../../src/delivery/campaign.js';

describe('campaign fields', () => {
  it('start empty, in the panel order', () => {
    assert.deepEqual([...CAMPAIGN_FIELDS], ['advertiser', 'campaign', 'adId', 'isci', 'versionLabel']);
    assert.ok(CAMPAIGN_FIELDS.every((field) => EMPTY_CAMPAIGN[field] === ''));
    assert.ok(Object.isFrozen(EMPTY_CAMPAIGN));
  });

  it('check codes through their structure and text through its length', () => {
    assert.equal(campaignFieldProblem('adId', 'abcd1234000'), null);
    assert.equal(campaignFieldProblem('adId', 'ABCD1234000H')?.code, 'ad-id-video-suffix');
    assert.equal(campaignFieldProblem('isci', 'ABCD12345')?.code, 'isci-format');
    assert.equal(campaignFieldProblem('advertiser', 'x'.repeat(120)), null);
    assert.equal(campaignFieldProblem('advertiser', 'x'.repeat(121))?.code, 'campaign-too-long');
    assert.equal(campaignFieldProblem('campaign', 'x'.repeat(121))?.code, 'campaign-too-long');
    assert.equal(campaignFieldProblem('versionLabel', 'x'.repeat(61))?.code, 'campaign-too-long');
    assert.equal(campaignFieldProblem('versionLabel', 42)?.code, 'campaign-not-text');
  });

  it('normalise codes only: text is kept as typed', () => {
    assert.equal(normaliseCampaignField('adId', ' abcd1234000 '), 'ABCD1234000');
    assert.equal(normaliseCampaignField('isci', 'abcd1234'), 'ABCD1234');
    assert.equal(normaliseCampaignField('advertiser', ' Acme '), ' Acme ');
  });
});
