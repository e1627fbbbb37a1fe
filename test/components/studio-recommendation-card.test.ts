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

describe('<studio-editor-recommendation-card> Use this and Make the ad (issue 38)', () => {
  const text = (card: StudioRecommendationCard, selector: string) => card.shadowRoot!.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const described = (card: StudioRecommendationCard, button: HTMLButtonElement) =>
    (button.getAttribute('aria-describedby') ?? '').split(' ').map((id) => text(card, `#${id}`)).join(' ');
  const makeButton = (card: StudioRecommendationCard) => card.shadowRoot!.querySelector<HTMLButtonElement>('#make')!;

  it('says in words what each does and what it costs, the price from the service', async () => {
    const card = await fixture<StudioRecommendationCard>(html`<studio-editor-recommendation-card .recommendation=${recommendation} .makeCredits=${7}></studio-editor-recommendation-card>`);
    const choose = [...card.shadowRoot!.querySelectorAll('button')].find((button) => button.textContent!.trim() === 'Use this')!;
    expect(described(card, choose)).to.equal('Use this: puts the script, voice and music in the editor to edit first; nothing is voiced yet. Free.');
    expect(described(card, makeButton(card))).to.equal('Make the ad: voices every section and lays the music under it, ready to play. Uses 7 credits.');
    expect(makeButton(card).classList.contains('primary')).to.equal(true);
    await expect(card).to.be.accessible();
  });

  it('says Make the ad is paid when the service states no price', async () => {
    const card = await fixture<StudioRecommendationCard>(html`<studio-editor-recommendation-card .recommendation=${recommendation}></studio-editor-recommendation-card>`);
    expect(described(card, makeButton(card))).to.equal('Make the ad: voices every section and lays the music under it, ready to play. Uses credits.');
  });

  it('once made reads Make again, not primary, and asks before spending the credits again', async () => {
    const card = await fixture<StudioRecommendationCard>(html`<studio-editor-recommendation-card .recommendation=${recommendation} .makeCredits=${7} made chosen></studio-editor-recommendation-card>`);
    const made: string[] = [];
    card.addEventListener('recommendation-make', (event) => made.push((event as CustomEvent<string>).detail));
    expect(makeButton(card).textContent!.trim()).to.equal('Make again');
    expect(makeButton(card).classList.contains('primary')).to.equal(false);
    expect(card.shadowRoot!.querySelectorAll('.primary').length).to.equal(0);
    expect(described(card, makeButton(card))).to.equal('Made: this idea is the ad on the timeline. Make again voices every section again. Uses 7 credits.');
    makeButton(card).click();
    await card.updateComplete;
    expect(made).to.deep.equal([]);
    expect(makeButton(card).getAttribute('aria-expanded')).to.equal('true');
    expect(text(card, '.confirm p')).to.equal('Make the ad again? Every section is voiced again and replaces the ad on the timeline; Undo brings it back. Uses 7 credits.');
    const cancel = card.shadowRoot!.querySelectorAll<HTMLButtonElement>('.confirm button')[1]!;
    await card.updateComplete;
    expect(card.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Make again');
    await expect(card).to.be.accessible();
    cancel.click();
    await card.updateComplete;
    expect(made).to.deep.equal([]);
    expect(card.shadowRoot!.querySelector('.confirm')).to.equal(null);
    expect(card.shadowRoot!.activeElement?.id).to.equal('make');
    makeButton(card).click();
    await card.updateComplete;
    card.shadowRoot!.querySelector<HTMLButtonElement>('.confirm button')!.click();
    expect(made).to.deep.equal(['rec-1']);
  });
});

describe('scriptExcerpt', () => {
  it('cuts a long script at a word boundary', () => {
    const long = { ...recommendation, script: { sections: [{ id: 'a', label: 'A', text: 'word '.repeat(100) }] } };
    const excerpt = scriptExcerpt(long, 22);
    expect(excerpt).to.equal('word word word word…');
  });
});
