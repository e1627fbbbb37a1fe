import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import sinon from 'sinon';
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

  it('never shows "0%" for a stage that reports no percentage: its name, a moving bar and the time instead', async () => {
    const job = await fixture<StudioJobStatus>(html`<studio-editor-job-status label="Finding ideas" state="running" stage="reading the page" .progress=${0}></studio-editor-job-status>`);
    const root = job.shadowRoot!;
    expect(root.querySelector('[role=status]')!.textContent).to.equal('Working: reading the page');
    const bar = root.querySelector('[role=progressbar]')!;
    expect(bar.hasAttribute('aria-valuenow')).to.equal(false);
    expect(bar.className).to.equal('indeterminate');
    expect(root.querySelector('.elapsed')!.textContent).to.match(/elapsed/);
    job.progress = 0.5;
    await job.updateComplete;
    expect(root.querySelector('[role=status]')!.textContent).to.equal('Working: reading the page (50%)');
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

  describe('times', () => {
    let clock: sinon.SinonFakeTimers;
    beforeEach(() => {
      clock = sinon.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date', 'setInterval', 'clearInterval'] });
    });
    afterEach(() => clock.restore());

    const text = (job: StudioJobStatus, selector: string) => job.shadowRoot!.querySelector(selector)?.textContent?.trim();

    it('shows the time spent, ticking, and about how long is left once the progress allows a guess', async () => {
      const job = await fixture<StudioJobStatus>(html`<studio-editor-job-status label="Voicing" state="running" .progress=${0}></studio-editor-job-status>`);
      expect(text(job, '.elapsed')).to.equal('0:00 elapsed');
      await clock.tickAsync(10_000);
      await job.updateComplete;
      expect(text(job, '.elapsed')).to.equal('0:10 elapsed');
      expect(text(job, '.remaining'), 'no guess at 0 %').to.equal(undefined);
      job.progress = 0.25;
      await job.updateComplete;
      expect(text(job, '.remaining')).to.equal('about 0:30 left');
      // Not in the live region: a screen reader is not told the time every second.
      expect(job.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Working (25%)');
      job.state = 'succeeded';
      await job.updateComplete;
      expect(job.shadowRoot!.querySelector('.times')).to.equal(null);
      await clock.tickAsync(5000);
      expect(clock.countTimers(), 'the ticking stopped with the task').to.equal(0);
    });

    it('counts a retry down, second by second', async () => {
      const job = await fixture<StudioJobStatus>(html`<studio-editor-job-status label="Finding ideas" state="retrying" .retryIn=${3}></studio-editor-job-status>`);
      expect(job.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Retrying in 3 s');
      await clock.tickAsync(1000);
      await job.updateComplete;
      expect(job.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Retrying in 2 s');
      await clock.tickAsync(2000);
      await job.updateComplete;
      expect(job.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Retrying in 0 s');
    });

    it('speaks the times in the editor’s language', async () => {
      const { fr } = await import('../../src/i18n/fr.js');
      const { createTranslator } = await import('../../src/i18n/translate.js');
      const job = await fixture<StudioJobStatus>(html`<studio-editor-job-status label="Voix" state="running" .progress=${0.5}></studio-editor-job-status>`);
      (job as unknown as { t: unknown }).t = createTranslator('fr', {}, fr);
      await clock.tickAsync(4000);
      await job.updateComplete;
      expect(text(job, '.elapsed')).to.equal('écoulé : 0:04');
      expect(text(job, '.remaining')).to.equal('reste environ 0:04');
    });
  });
});
