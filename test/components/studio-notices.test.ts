import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src/components/studio-notices/studio-notices.js';
import type { StudioNotices } from '../../src/components/studio-notices/studio-notices.js';
import type { StudioNotice } from '../../src/model/notices.js';

describe('<studio-notices>', () => {
  afterEach(() => sinon.restore());

  it('is hidden without notices', async () => {
    const element = await fixture<StudioNotices>(html`<studio-notices></studio-notices>`);
    expect(getComputedStyle(element).display).to.equal('none');
  });

  it('shows each notice with its buttons, as an alert for errors, and runs the chosen action', async () => {
    const exportFile = sinon.spy();
    const notices: StudioNotice[] = [
      { kind: 'save-failed', tone: 'error', message: 'The browser has no room left.', dismissible: true, actions: [{ label: 'Export project file', run: exportFile }] },
      { kind: 'other-tab', tone: 'info', message: 'Edited elsewhere.', dismissible: false, actions: [] },
    ];
    const element = await fixture<StudioNotices>(html`<studio-notices .notices=${notices}></studio-notices>`);
    const items = [...element.shadowRoot!.querySelectorAll('[part~="notice"]')];
    expect(items.map((item) => item.getAttribute('role'))).to.deep.equal(['alert', 'status']);
    expect(items[0]!.querySelector('[part="message"]')!.textContent).to.equal('The browser has no room left.');
    expect(getComputedStyle(element).display).to.equal('block');
    const button = items[0]!.querySelector<HTMLButtonElement>('[part="action"]')!;
    expect(button.textContent).to.equal('Export project file');
    button.click();
    expect(exportFile.callCount).to.equal(1);
  });

  it('offers a dismiss button only on dismissible notices', async () => {
    const onDismiss = sinon.spy();
    const notices: StudioNotice[] = [
      { kind: 'save-failed', tone: 'error', message: 'x', dismissible: true, actions: [] },
      { kind: 'other-tab', tone: 'warning', message: 'y', dismissible: false, actions: [] },
    ];
    const element = await fixture<StudioNotices>(html`<studio-notices .notices=${notices} .onDismiss=${onDismiss}></studio-notices>`);
    const dismiss = element.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="dismiss"]');
    expect(dismiss.length).to.equal(1);
    expect(dismiss[0]!.getAttribute('aria-label')).to.equal('Dismiss');
    dismiss[0]!.click();
    expect(onDismiss.args).to.deep.equal([['save-failed']]);
  });

  it('renders messages as text, never as markup', async () => {
    const notices: StudioNotice[] = [{ kind: 'restore-draft', tone: 'warning', message: '<img src=x>', dismissible: false, actions: [] }];
    const element = await fixture<StudioNotices>(html`<studio-notices .notices=${notices}></studio-notices>`);
    expect(element.shadowRoot!.querySelector('img')).to.equal(null);
  });
});
