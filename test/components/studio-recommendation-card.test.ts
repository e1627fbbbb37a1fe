import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { Recommendation } from '../../src/api/contract.js';
import '../../src/components/studio-recommendation-card/studio-recommendation-card.js';
import { scriptExcerpt, type StudioRecommendationCard } from '../../src/components/studio-recommendation-card/studio-recommendation-card.js';

const recommendation: Recommendation = {
  recommendation_id: 'rec-1',
  title: 'Fresh start',
  script: {
    sections: [
      { id: 's1', label: 'Hook', text: 'Tired of slow mornings?' },
      { id: 's2', label: 'Call to action', text: 'Try <b>Brew</b> today.' },
    ],
  },
  voice: { voice_id: 'en-gb-f', name: 'Amelia', language: 'en-GB', gender: 'female' },
  music: { track_id: 'calm-1', title: 'Morning Light', style: 'calm', mood: 'warm' },
  duration_s: 29.6,
};

describe('<studio-editor-recommendation-card>', () => {
  it('shows the excerpt, voice, music and length as text', async () => {
    const card = await fixture<StudioRecommendationCard>(html`<studio-editor-recommendation-card .recommendation=${recommendation}></studio-editor-recommendation-card>`);
    const root = card.shadowRoot!;
    expect(root.querySelector('h3')!.textContent).to.equal('Fresh start');
    expect(root.querySelector('blockquote')!.textContent).to.equal('Tired of slow mornings? Try <b>Brew</b> today.');
    expect(root.querySelector('b')).to.equal(null);
    expect([...root.querySelectorAll('dd')].map((dd) => dd.textContent)).to.deep.equal(['Amelia · en-GB · female', 'Morning Light · calm · warm', '30 s']);
  });

  it('emits choose and preview with its id', async () => {
    const card = await fixture<StudioRecommendationCard>(html`<studio-editor-recommendation-card .recommendation=${recommendation}></studio-editor-recommendation-card>`);
    const [preview, choose] = card.shadowRoot!.querySelectorAll('button');
    setTimeout(() => preview!.click());
    expect((await oneEvent(card, 'recommendation-preview')).detail).to.equal('rec-1');
    setTimeout(() => choose!.click());
    expect((await oneEvent(card, 'recommendation-choose')).detail).to.equal('rec-1');
  });

  it('marks the chosen card and the playing preview', async () => {
    const card = await fixture<StudioRecommendationCard>(html`<studio-editor-recommendation-card .recommendation=${recommendation} chosen previewing></studio-editor-recommendation-card>`);
    const [preview, choose] = card.shadowRoot!.querySelectorAll('button');
    expect(preview!.getAttribute('aria-pressed')).to.equal('true');
    expect(preview!.textContent!.trim()).to.equal('Stop preview');
    expect(choose!.disabled).to.equal(true);
    expect(choose!.textContent!.trim()).to.equal('In use');
    await expect(card).to.be.accessible();
  });
});

describe('scriptExcerpt', () => {
  it('cuts a long script at a word boundary', () => {
    const long = { ...recommendation, script: { sections: [{ id: 'a', label: 'A', text: 'word '.repeat(100) }] } };
    const excerpt = scriptExcerpt(long, 22);
    expect(excerpt).to.equal('word word word word…');
  });
});
