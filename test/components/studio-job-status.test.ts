import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/components/studio-job-status/studio-job-status.js';
import type { StudioJobStatus } from '../../src/components/studio-job-status/studio-job-status.js';

describe('<studio-editor-job-status>', () => {
  it('shows state, stage and percent, and sets the bar through the CSSOM', async () => {
    const job = await fixture<StudioJobStatus>(html`<studio-editor-job-status label="Finding ideas" state="running" stage="reading the page" .progress=${0.42}></studio-editor-job-status>`);
    const root = job.shadowRoot!;
    expect(root.querySelector('[role=status]')!.textContent).to.equal('Working: reading the page (42%)');
    const bar = root.querySelector<HTMLElement>('[role=progressbar]')!;
    expect(bar.getAttribute('aria-valuenow')).to.equal('42');
    expect(bar.getAttribute('aria-label')).to.equal('Finding ideas');
    expect(bar.style.getPropertyValue('--_progress')).to.equal('0.42');
    expect(bar.hasAttribute('style')).to.equal(true);
  });

  it('is indeterminate without a progress figure, and treats unknown states as running', async () => {
    const job = await fixture<StudioJobStatus>(html`<studio-editor-job-status label="Render" state="thinking"></studio-editor-job-status>`);
    const bar = job.shadowRoot!.querySelector('[role=progressbar]')!;
    expect(bar.hasAttribute('aria-valuenow')).to.equal(false);
    expect(bar.className).to.equal('indeterminate');
    expect(job.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Working');
  });

  it('offers Cancel while running, not when done', async () => {
    const job = await fixture<StudioJobStatus>(html`<studio-editor-job-status label="Render" state="running"></studio-editor-job-status>`);
    setTimeout(() => job.shadowRoot!.querySelector('button')!.click());
    await oneEvent(job, 'job-cancel');
    job.state = 'succeeded';
    await job.updateComplete;
    expect(job.shadowRoot!.querySelector('button')).to.equal(null);
    expect(job.shadowRoot!.querySelector('[role=progressbar]')!.getAttribute('aria-valuenow')).to.equal('100');
    await expect(job).to.be.accessible();
  });

  it('says when a start is tried again: "Retrying in N s", still cancellable', async () => {
    const job = await fixture<StudioJobStatus>(html`<studio-editor-job-status label="Finding ideas" state="retrying" .retryIn=${3}></studio-editor-job-status>`);
    expect(job.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Retrying in 3 s');
    expect(job.shadowRoot!.querySelector('button')).not.to.equal(null);
    job.retryIn = undefined;
    await job.updateComplete;
    expect(job.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Retrying');
  });
});
