import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src/components/studio-notices/studio-notices.js';
import type { StudioNotices } from '../../src/components/studio-notices/studio-notices.js';
import type { StudioNotice } from '../../src/model/notices.js';
import { fr } from '../../src/i18n/fr.js';
import { createTranslator } from '../../src/i18n/translate.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';

describe('<studio-editor-notices>', () => {
  afterEach(() => sinon.restore());

  it('is hidden without notices', async () => {
    const element = await fixture<StudioNotices>(html`<studio-editor-notices></studio-editor-notices>`);
    expect(getComputedStyle(element).display).to.equal('none');
  });

  it('shows each notice with its buttons, as an alert for errors, and runs the chosen action', async () => {
    const exportFile = sinon.spy();
    const notices: StudioNotice[] = [
      { kind: 'save-failed', tone: 'error', message: 'notice.storage-failed', params: { reason: 'disk gone' }, dismissible: true, actions: [{ label: 'notice.exportProject', run: exportFile }] },
      { kind: 'other-tab', tone: 'info', message: 'notice.otherTab', dismissible: false, actions: [] },
    ];
    const element = await fixture<StudioNotices>(html`<studio-editor-notices .notices=${notices}></studio-editor-notices>`);
    const items = [...element.shadowRoot!.querySelectorAll('[part~="notice"]')];
    expect(items.map((item) => item.getAttribute('role'))).to.deep.equal(['alert', 'status']);
    expect(items[0]!.querySelector('[part="message"]')!.textContent).to.equal('Saving your draft failed (disk gone). Your work is kept in this tab: try again or export the project file.');
    expect(getComputedStyle(element).display).to.equal('block');
    const button = items[0]!.querySelector<HTMLButtonElement>('[part="action"]')!;
    expect(button.textContent).to.equal('Export project file');
    button.click();
    expect(exportFile.callCount).to.equal(1);
  });

  it('offers a dismiss button only on dismissible notices', async () => {
    const onDismiss = sinon.spy();
    const notices: StudioNotice[] = [
      { kind: 'save-failed', tone: 'error', message: 'notice.storage-quota', dismissible: true, actions: [] },
      { kind: 'other-tab', tone: 'warning', message: 'notice.otherTab', dismissible: false, actions: [] },
    ];
    const element = await fixture<StudioNotices>(html`<studio-editor-notices .notices=${notices} .onDismiss=${onDismiss}></studio-editor-notices>`);
    const dismiss = element.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="dismiss"]');
    expect(dismiss.length).to.equal(1);
    expect(dismiss[0]!.getAttribute('aria-label')).to.equal('Dismiss');
    dismiss[0]!.click();
    expect(onDismiss.args).to.deep.equal([['save-failed']]);
  });

  it('renders messages as text, never as markup', async () => {
    const notices: StudioNotice[] = [{ kind: 'restore-draft', tone: 'warning', message: 'notice.draftDiffers', params: { title: '<img src=x>', time: '' }, dismissible: false, actions: [] }];
    const element = await fixture<StudioNotices>(html`<studio-editor-notices .notices=${notices}></studio-editor-notices>`);
    expect(element.shadowRoot!.querySelector('img')).to.equal(null);
  });

  it('speaks the editor’s language: the French catalogue, and a host’s override', async () => {
    const notices: StudioNotice[] = [{ kind: 'other-tab', tone: 'warning', message: 'notice.otherTab', dismissible: true, actions: [{ label: 'notice.loadNewer', run: () => undefined }] }];
    const context = await fixture<TestEditorContext>(html`<test-editor-context><studio-editor-notices .notices=${notices}></studio-editor-notices></test-editor-context>`);
    const element = context.querySelector('studio-editor-notices') as StudioNotices;
    context.t = createTranslator('fr', { 'notice.loadNewer': 'Charger la dernière' }, fr);
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[part="message"]')!.textContent).to.equal(fr['notice.otherTab']);
    expect(element.shadowRoot!.querySelector('[part="action"]')!.textContent).to.equal('Charger la dernière');
    expect(element.shadowRoot!.querySelector('[part="dismiss"]')!.getAttribute('aria-label')).to.equal('Fermer');
  });
});
