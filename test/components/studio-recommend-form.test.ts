import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/studio-recommend-form/studio-recommend-form.js';
import type { RecommendRequestDetail, StudioRecommendForm } from '../../src/components/studio-recommend-form/studio-recommend-form.js';
import { parseProductUrl } from '../../src/components/studio-recommend-form/studio-recommend-form.js';
import { fr } from '../../src/i18n/fr.js';

const $ = <T extends Element = HTMLElement>(form: StudioRecommendForm, selector: string) => form.shadowRoot!.querySelector<T & Element>(selector)!;

async function typeInto(form: StudioRecommendForm, selector: string, text: string) {
  $(form, selector).focus();
  await sendKeys({ type: text });
  await form.updateComplete;
}

describe('<studio-editor-recommend-form>', () => {
  it('submits a URL request from the keyboard alone', async () => {
    const form = await fixture<StudioRecommendForm>(html`<studio-editor-recommend-form></studio-editor-recommend-form>`);
    await typeInto(form, '#url', 'https://shop.example.com/sneakers');
    const submitted = oneEvent(form, 'recommend-submit');
    await sendKeys({ press: 'Enter' });
    const { detail } = (await submitted) as CustomEvent<RecommendRequestDetail>;
    expect(detail).to.deep.equal({ source: 'url', url: 'https://shop.example.com/sneakers', duration: 30, count: 3 });
  });

  it('says what is wrong with the URL, marks the field and focuses it', async () => {
    const form = await fixture<StudioRecommendForm>(html`<studio-editor-recommend-form></studio-editor-recommend-form>`);
    let fired = 0;
    form.addEventListener('recommend-submit', () => fired++);
    $<HTMLButtonElement>(form, 'button[type=submit]').click();
    await form.updateComplete;
    await form.updateComplete;
    expect($(form, '#url-error').textContent).to.equal('Enter the address of the product page.');
    await typeInto(form, '#url', 'shop.example.com');
    $<HTMLButtonElement>(form, 'button[type=submit]').click();
    await form.updateComplete;
    await form.updateComplete;
    expect(fired).to.equal(0);
    const input = $<HTMLInputElement>(form, '#url');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')).to.equal('url-hint url-error');
    expect($(form, '#url-error').textContent).to.include('starting with https:// or http://');
    expect(form.shadowRoot!.activeElement?.id).to.equal('url');
  });

  it('clears the error as soon as the user types', async () => {
    const form = await fixture<StudioRecommendForm>(html`<studio-editor-recommend-form></studio-editor-recommend-form>`);
    $<HTMLButtonElement>(form, 'button[type=submit]').click();
    await form.updateComplete;
    await typeInto(form, '#url', 'h');
    expect(form.shadowRoot!.querySelector('#url-error')).to.equal(null);
  });

  it('asks for a product name and description in product mode, keeping the typed URL', async () => {
    const form = await fixture<StudioRecommendForm>(html`<studio-editor-recommend-form></studio-editor-recommend-form>`);
    await typeInto(form, '#url', 'https://shop.example.com/x');
    $<HTMLInputElement>(form, 'input[name=source][value=product]').click();
    await form.updateComplete;
    $<HTMLButtonElement>(form, 'button[type=submit]').click();
    await form.updateComplete;
    expect($(form, '#name-error').textContent).to.equal('Enter the name of the product.');
    expect($(form, '#description-error').textContent).to.equal('Describe the product in a sentence or two.');
    await typeInto(form, '#name', 'Trail Runner 2');
    await typeInto(form, '#description', 'A light running shoe for rocky paths.');
    const submitted = oneEvent(form, 'recommend-submit');
    $<HTMLButtonElement>(form, 'button[type=submit]').click();
    const { detail } = (await submitted) as CustomEvent<RecommendRequestDetail>;
    expect(detail).to.deep.equal({
      source: 'product',
      product: { name: 'Trail Runner 2', description: 'A light running shoe for rocky paths.' },
      duration: 30,
      count: 3,
    });
    $<HTMLInputElement>(form, 'input[name=source][value=url]').click();
    await form.updateComplete;
    expect($<HTMLInputElement>(form, '#url').value).to.equal('https://shop.example.com/x');
  });

  it('offers only the sources that are switched on', async () => {
    const form = await fixture<StudioRecommendForm>(html`<studio-editor-recommend-form .sources=${['product']}></studio-editor-recommend-form>`);
    expect(form.shadowRoot!.querySelector('input[name=source]')).to.equal(null);
    expect(form.shadowRoot!.querySelector('#url')).to.equal(null);
    expect(form.shadowRoot!.querySelector('#name')).to.not.equal(null);
  });

  it('takes a preset or a custom length and refuses one out of range', async () => {
    const form = await fixture<StudioRecommendForm>(html`<studio-editor-recommend-form duration="45"></studio-editor-recommend-form>`);
    const custom = $<HTMLInputElement>(form, 'input[name=custom-duration]');
    expect(custom.value).to.equal('45');
    custom.select();
    await sendKeys({ type: '500' });
    await typeInto(form, '#url', 'https://shop.example.com/x');
    $<HTMLButtonElement>(form, 'button[type=submit]').click();
    await form.updateComplete;
    expect($(form, '#duration-error').textContent).to.equal('Choose a length from 5 to 120 seconds.');
    $<HTMLInputElement>(form, 'input[name=duration][value="15"]').click();
    await form.updateComplete;
    const submitted = oneEvent(form, 'recommend-submit');
    $<HTMLButtonElement>(form, 'button[type=submit]').click();
    const { detail } = (await submitted) as CustomEvent<RecommendRequestDetail>;
    expect(detail.duration).to.equal(15);
    $<HTMLInputElement>(form, 'input[name=duration][value=custom]').click();
    await form.updateComplete;
    $<HTMLInputElement>(form, 'input[name=custom-duration]').select();
    await sendKeys({ type: '20' });
    const again = oneEvent(form, 'recommend-submit');
    $<HTMLButtonElement>(form, 'button[type=submit]').click();
    expect(((await again) as CustomEvent<RecommendRequestDetail>).detail.duration).to.equal(20);
  });

  it('does not submit while busy', async () => {
    const form = await fixture<StudioRecommendForm>(html`<studio-editor-recommend-form busy></studio-editor-recommend-form>`);
    expect($<HTMLButtonElement>(form, 'button[type=submit]').disabled).to.equal(true);
  });

  it('speaks French when given the French translator', async () => {
    const { createTranslator } = await import('../../src/i18n/translate.js');
    const form = await fixture<StudioRecommendForm>(html`<studio-editor-recommend-form></studio-editor-recommend-form>`);
    (form as unknown as { t: unknown }).t = createTranslator('fr', {}, fr);
    await form.updateComplete;
    expect($(form, 'label[for=url]').textContent).to.equal('Adresse de la page produit');
  });

  it('passes axe in both modes and with errors shown', async () => {
    const form = await fixture<StudioRecommendForm>(html`<studio-editor-recommend-form></studio-editor-recommend-form>`);
    await expect(form).to.be.accessible();
    $<HTMLButtonElement>(form, 'button[type=submit]').click();
    await form.updateComplete;
    await expect(form).to.be.accessible();
    $<HTMLInputElement>(form, 'input[name=source][value=product]').click();
    await form.updateComplete;
    await expect(form).to.be.accessible();
  });
});

describe('parseProductUrl', () => {
  const cases: Array<[string, string | undefined]> = [
    ['https://shop.example.com/a?b=1', 'https://shop.example.com/a?b=1'],
    ['  http://example.org  ', 'http://example.org/'],
    ['example.org', undefined],
    ['javascript:alert(1)', undefined],
    ['ftp://example.org/file', undefined],
    ['https://localhost', undefined],
    ['', undefined],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} -> ${String(expected)}`, () => expect(parseProductUrl(input)).to.equal(expected));
  }
});
