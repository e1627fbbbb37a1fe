// The editor's first paint in several tasks (issue 55): the shown panel renders the first time in a task after
// the editor's, and the editor is ready only once it has.
import { expect, fixture, html } from '@open-wc/testing';
import { customElement } from 'lit/decorators.js';
import sinon from 'sinon';
import '../../src/components/studio-editor/studio-editor.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { StudioElement } from '../../src/components/shared/studio-element.js';
import { StudioRecommendPanel } from '../../src/components/studio-recommend-panel/studio-recommend-panel.js';
import { testAuth } from '../support/auth.js';

@customElement('test-own-task')
class OwnTask extends StudioElement {
  static override firstRenderInOwnTask = true;
  renders = 0;
  protected override render() {
    this.renders += 1;
    return html`<p>here</p>`;
  }
}

@customElement('test-same-task')
class SameTask extends StudioElement {
  protected override render() {
    return html`<p>here</p>`;
  }
}

/** Whether `element` rendered before the task that connected it ended (promise callbacks drained, no task run). */
async function renderedInSameTask(element: StudioElement): Promise<boolean> {
  document.body.append(element);
  for (let i = 0; i < 50; i++) await Promise.resolve();
  const rendered = element.shadowRoot?.querySelector('p') != null;
  await element.updateComplete;
  element.remove();
  return rendered;
}

describe('the first render in a task of its own', () => {
  afterEach(() => sinon.restore());

  it('an element marked so renders after the task that connected it, once; updateComplete waits for it', async () => {
    const element = new OwnTask();
    expect(await renderedInSameTask(element)).to.equal(false);
    expect(element.shadowRoot!.querySelector('p')!.textContent).to.equal('here');
    expect(element.renders).to.equal(1);
    // Later updates are not put off.
    element.requestUpdate();
    for (let i = 0; i < 50; i++) await Promise.resolve();
    expect(element.renders).to.equal(2);
  });

  it('an element not marked renders in the task that connected it', async () => {
    expect(await renderedInSameTask(new SameTask())).to.equal(true);
  });

  it('the editor is ready only once the Recommend panel, which renders first in a task of its own, has rendered', async () => {
    expect(StudioRecommendPanel.firstRenderInOwnTask).to.equal(true);
    // The panel's first render put off by 300 ms more: ready must wait for it.
    type Scheduling = { scheduleUpdate(): void | Promise<unknown> };
    const prototype = StudioRecommendPanel.prototype as unknown as Scheduling;
    const own = prototype.scheduleUpdate;
    sinon.stub(prototype, 'scheduleUpdate').callsFake(async function (this: Scheduling) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return own.call(this);
    });
    const element = await fixture<StudioEditor>(html`<studio-editor></studio-editor>`);
    const atReady = new Promise<boolean>((resolve) => {
      element.addEventListener('studio-ready', () => resolve(element.shadowRoot!.querySelector('studio-editor-recommend-panel')?.shadowRoot?.querySelector('studio-editor-recommend-form') != null), { once: true });
    });
    element.config = { auth: testAuth(), project: { id: `first-task-${Date.now()}` } };
    expect(await atReady, 'the panel had rendered when studio-ready fired').to.equal(true);
  });
});
