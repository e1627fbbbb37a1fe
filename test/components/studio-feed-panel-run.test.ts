// The Feed panel's runs on a sinon stub FeedRunner (the sequence is the point): a row chosen and heard
// (previewRow with its key, the audio, what was voiced and reused, Cancel, errors in words, object URLs
// revoked), "Deliver all rows" (the destinations, the price first, deliverFeed with the 4 good rows, progress,
// Cancel aborting the signal, the outcome with the failed rows first), no runner, and the keyboard path.
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import { StudioError } from '../../src/errors.js';
import { StudioDeliverFailedError } from '../../src/session/deliver-failed-error.js';
import { DETACH_GRACE_MS } from '../../src/internal/linger.js';
import { CSV, GOOD_KEYS, SPEECH_PAST, mountFeedPanel } from '../support/feed-panel.js';
import { createTranslator } from '../../src/i18n/translate.js';
import { de } from '../../src/i18n/de.js';
import { reason, saidAs } from '../../src/rules/said.js';

describe('<studio-editor-feed-panel>: a row heard, every row delivered', () => {
  afterEach(() => sinon.restore());

  it('plays the chosen row: previewRow with its key, then its audio and what was voiced and reused', async () => {
    const created = sinon.spy(URL, 'createObjectURL');
    const revoked = sinon.spy(URL, 'revokeObjectURL');
    const { panel, runner, $, chooseFile, settle } = await mountFeedPanel();
    await chooseFile(CSV);
    const play = $<HTMLButtonElement>('[part=play]')!;
    expect(play.disabled, 'no row chosen yet').to.equal(true);
    expect($('#player-hint')!.textContent).to.equal('Choose a row in the grid to hear it with its values.');
    $<HTMLInputElement>('#row-1')!.click();
    await panel.updateComplete;
    expect($('#player-hint')!.textContent).to.equal('Row 2 chosen, key SKU-2.');
    // Its price first, asked of the runner for that row.
    await settle();
    expect(runner.price.lastCall.args[0]).to.deep.equal(['SKU-2']);
    expect($('[part=play-price]')!.textContent).to.equal('Up to 12 credits');
    let answer: (value: Awaited<ReturnType<typeof runner.previewRow>>) => void = () => undefined;
    runner.previewRow.callsFake(() => new Promise((resolve) => (answer = resolve)));
    play.click();
    await panel.updateComplete;
    expect(runner.previewRow.firstCall.args[0]).to.equal('SKU-2');
    expect(runner.previewRow.firstCall.args[1]!.signal).to.be.instanceOf(AbortSignal);
    expect($('[part=player-status]')!.textContent).to.equal('Voicing at most 1 take for row SKU-2…');
    expect(play.disabled).to.equal(true);
    await expect(panel).to.be.accessible();
    answer({ key: 'SKU-2', wav: new Blob(['RIFF'], { type: 'audio/wav' }), seconds: 30, voiced: 1, reused: 3 });
    await settle();
    const audio = $<HTMLAudioElement>('audio[part=audio]')!;
    expect(audio.controls).to.equal(true);
    expect(audio.src).to.equal(created.lastCall.returnValue);
    expect($('[part=player-status]')!.textContent).to.equal('Row SKU-2: 1 take voiced, 3 reused.');
    await expect(panel).to.be.accessible();
    $('[part=summary]')!.scrollIntoView({ block: 'start' });
    await executeServerCommand('studio-screenshot', { name: 'feed-row-heard' });
    // Another row replaces the audio: the first URL is revoked.
    const first = audio.src;
    runner.previewRow.callsFake(async (key) => ({ key, wav: new Blob(['RIFF']), seconds: 30, voiced: 0, reused: 4 }));
    $<HTMLInputElement>('#row-3')!.click();
    await panel.updateComplete;
    $<HTMLButtonElement>('[part=play]')!.click();
    await settle();
    expect(revoked.calledWith(first)).to.equal(true);
    expect($('[part=player-status]')!.textContent).to.equal('Row SKU-4: 0 takes voiced, 4 reused.');
    // Removed for good: the last URL goes too.
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const last = $<HTMLAudioElement>('audio')!.src;
    panel.remove();
    clock.tick(DETACH_GRACE_MS + 1);
    clock.restore();
    expect(revoked.calledWith(last)).to.equal(true);
  });

  it('cancels a row being voiced (its signal aborted) and says why a row could not be played', async () => {
    const { panel, runner, $, chooseFile, settle } = await mountFeedPanel();
    await chooseFile(CSV);
    let signal: AbortSignal | undefined;
    runner.previewRow.callsFake(
      (_key, options) =>
        new Promise((_resolve, reject) => {
          signal = options?.signal;
          signal?.addEventListener('abort', () => reject(signal!.reason));
        }),
    );
    $<HTMLInputElement>('#row-0')!.click();
    await panel.updateComplete;
    $<HTMLButtonElement>('[part=play]')!.click();
    await panel.updateComplete;
    $<HTMLButtonElement>('[part=player] [part=cancel]')!.click();
    await settle();
    expect(signal!.aborted).to.equal(true);
    expect($('[part=player-status]')!.textContent).to.equal('Stopped: row SKU-1 was not voiced.');
    expect($('audio')).to.equal(null);
    runner.previewRow.rejects(new StudioError('feed', 'Row 3 has no value for {{price}}: fill "price" first.'));
    $<HTMLInputElement>('#row-2')!.click();
    await panel.updateComplete;
    $<HTMLButtonElement>('[part=play]')!.click();
    await settle();
    expect($('[part=player] [role=alert]')!.textContent).to.equal('Row SKU-3 could not be played: Row 3 has no value for {{price}}: fill "price" first.');
  });

  it('delivers the 4 good rows: the destinations, the price first, then progress and the outcome with the failed row first', async () => {
    const created = sinon.spy(URL, 'createObjectURL');
    const { panel, runner, finish, $, $$, chooseFile, settle } = await mountFeedPanel();
    await chooseFile(CSV);
    await settle();
    expect($$('[part=destinations] li').map((li) => li.textContent)).to.deep.equal(['Streaming audio', 'Client approval (small MP3)']);
    expect($('#feed-plan')!.textContent).to.equal('4 rows will be delivered, to Streaming audio and Client approval (small MP3). 2 rows with problems are not voiced: the report lists them with their problems; fix them to deliver them.');
    expect(runner.price.callCount).to.equal(1);
    expect(runner.price.firstCall.args[0]).to.deep.equal(GOOD_KEYS);
    expect($('[part=price]')!.textContent).to.equal('Up to 12 credits');
    expect(runner.deliverFeed.called, 'nothing starts before Deliver').to.equal(false);
    await expect(panel).to.be.accessible();
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect(runner.price.calledBefore(runner.deliverFeed)).to.equal(true);
    const options = runner.deliverFeed.firstCall.args[0];
    expect(options.rows, 'the rows with problems listed too, to be reported failed').to.deep.equal([...GOOD_KEYS, 'SKU-3', 'SKU-5']);
    expect(options.destinations).to.deep.equal(['streaming', 'client-approval']);
    const progress = $<HTMLProgressElement>('[part=progress] progress')!;
    expect(progress.max).to.equal(6);
    expect(progress.value).to.equal(1);
    expect($('[part=current-row]')!.textContent).to.equal('Row SKU-2: Encoding');
    expect($('[part=deliver] [role=status]')!.textContent).to.equal('1 of 6 rows done');
    expect($<HTMLButtonElement>('[part=submit]')!.disabled).to.equal(true);
    await expect(panel).to.be.accessible();
    $('[part=deliver]')!.scrollIntoView({ block: 'start' });
    await executeServerCommand('studio-screenshot', { name: 'feed-progress' });
    finish();
    await settle();
    expect($('[part=progress]')).to.equal(null);
    expect($('[part=deliver] [role=status]')!.textContent).to.equal('3 rows delivered, 3 failed; spring_feed_delivery.zip is ready (2.0 KB).');
    expect(panel.shadowRoot!.activeElement?.id).to.equal('feed-results-heading');
    const zip = $<HTMLAnchorElement>('[part=zip]')!;
    expect(zip.download).to.equal('spring_feed_delivery.zip');
    expect(zip.href).to.equal(created.lastCall.returnValue);
    const outcomes = $$('[part=outcome]');
    expect(outcomes.map((row) => row.dataset['key'])).to.deep.equal(['SKU-3', 'SKU-4', 'SKU-5', 'SKU-1', 'SKU-2', 'SKU-6']);
    expect(outcomes[0]!.querySelector('.verdict')!.textContent!.trim()).to.equal('✗ Failed');
    expect([...outcomes[0]!.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(["The row's problem"]);
    expect([...outcomes[1]!.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal([SPEECH_PAST, 'Loudness: -19.2 LUFS, asked -14 ±1 LUFS']);
    expect(outcomes[3]!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('✓ Delivered Row 1: SKU-1 2 files');
    expect($('[part=results] p')!.textContent).to.equal('Takes: 5 takes voiced, 8 reused.');
    await expect(panel).to.be.accessible();
    $('[part=deliver]')!.scrollIntoView({ block: 'start' });
    await executeServerCommand('studio-screenshot', { name: 'feed-outcome' });
  });

  it('takes the rows with warnings, as deliverFeed() does by default; left out when asked, the price and the run leave them', async () => {
    // A 6 s ad: "Trail runner shoes" must be read at 1.16x to fit, a warning (not a problem, under 1.2x).
    const { panel, store, runner, $, chooseFile, settle } = await mountFeedPanel();
    store.dispatch({ type: 'project/set-duration', duration: 6 });
    await panel.updateComplete;
    await chooseFile(['id,product_name,price', 'W-1,Socks,9.99', 'W-2,Hat,19.99', 'W-3,Trail runner shoes,59.99'].join('\n'));
    await settle();
    expect($('#feed-summary')!.textContent).to.equal('3 rows: 2 ready, 1 with warnings.');
    const third = $('tr[data-row="3"]')!;
    // Its value is the sample: the template is too long as it is, so no column is to blame.
    expect(third.querySelector('[part=status]')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('⚠ Warning');
    expect(third.querySelectorAll('.number')[0]!.textContent).to.equal('7.0 s, needs 1.16x');
    expect(third.querySelector('li[data-kind=length]')!.textContent).to.equal('Fast read: Read at 1.16x: a read faster than 1.10x can sound rushed; shorten the script\'s "Body"');
    expect(runner.price.lastCall.args[0]).to.deep.equal(['W-1', 'W-2', 'W-3']);
    expect($('#feed-plan')!.textContent).to.match(/^3 rows will be delivered/);
    $<HTMLInputElement>('#include-warnings')!.click();
    await settle();
    expect(runner.price.lastCall.args[0]).to.deep.equal(['W-1', 'W-2']);
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect(runner.deliverFeed.firstCall.args[0].rows).to.deep.equal(['W-1', 'W-2']);
    await expect(panel).to.be.accessible();
  });

  it('cancels a run: its signal is aborted, and nothing is kept', async () => {
    const created = sinon.spy(URL, 'createObjectURL');
    const { panel, runner, $, chooseFile, settle } = await mountFeedPanel();
    await chooseFile(CSV);
    await settle();
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    const { signal } = runner.deliverFeed.firstCall.args[0];
    expect(signal!.aborted).to.equal(false);
    $<HTMLButtonElement>('[part=deliver] [part=cancel]')!.click();
    await settle();
    expect(signal!.aborted).to.equal(true);
    expect($('[part=progress]')).to.equal(null);
    expect($('[part=results]')).to.equal(null);
    expect(created.called, 'no ZIP').to.equal(false);
    expect($('[part=deliver] [role=status]')!.textContent).to.equal('Delivery cancelled: nothing was kept, and the project is unchanged.');
    expect($<HTMLButtonElement>('[part=submit]')!.disabled).to.equal(false);
    await expect(panel).to.be.accessible();
  });

  it('says "Price not stated" when the service states none, and shows a failed run in words', async () => {
    const { runner, $, chooseFile, settle } = await mountFeedPanel();
    runner.price.resolves(undefined);
    await chooseFile(CSV);
    await settle();
    expect($('[part=price]')!.textContent).to.equal('Price not stated');
    runner.deliverFeed.rejects(new StudioError('network', 'fetch failed', { recoverable: true }));
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect($('[part=deliver] [role=alert]')!.textContent).to.match(/^The delivery failed; the project is unchanged\. .+/);
  });

  it('says why a run that delivered no row failed, in the panel: each row with its reasons, then what to do', async () => {
    const { panel, runner, $, $$, chooseFile, settle } = await mountFeedPanel();
    await chooseFile(CSV);
    await settle();
    const reason = 'It reads 3.3 words a second, more than 3: shorten its values or the script.';
    runner.deliverFeed.rejects(
      new StudioDeliverFailedError(`No row could be delivered: SKU-1: ${reason}; SKU-2: <b>${reason}</b>.`, [
        { name: 'SKU-1', reasons: [reason] },
        { name: 'SKU-2', reasons: [`<b>${reason}</b>`, 'A second reason.'] },
      ]),
    );
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    const alert = $('[part=deliver] [role=alert]')!;
    expect(alert.querySelector('p')!.textContent).to.equal('No row could be delivered, for the reasons below; nothing was kept and the project is unchanged. Fix these rows, then deliver again.');
    expect($$('[part=error-rows] li').map((li) => li.textContent)).to.deep.equal([`SKU-1: ${reason}`, `SKU-2: <b>${reason}</b> A second reason.`]);
    expect(alert.querySelector('b'), 'a reason is text, never markup').to.equal(null);
    expect(alert.textContent).not.to.include('Something went wrong');
    await expect(panel).to.be.accessible();
    // A row heard that cannot be: its reason, not the generic words.
    runner.previewRow.rejects(new StudioError('feed-row', `Row "SKU-1": ${reason}`, { recoverable: true }));
    $<HTMLInputElement>('#row-0')!.click();
    await panel.updateComplete;
    $<HTMLButtonElement>('[part=play]')!.click();
    await settle();
    expect($('[part=player] [role=alert]')!.textContent).to.equal(`Row SKU-1 could not be played: Row "SKU-1": ${reason}`);
  });

  it("says a run's failed rows in the user's language: its words where a reason has them, else the manifest's English", async () => {
    const { runner, finish, $, $$, chooseFile, settle } = await mountFeedPanel({ t: createTranslator('de', {}, de) });
    await chooseFile(CSV);
    await settle();
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    finish();
    await settle();
    const outcome = $('[part=outcome][data-key=SKU-4]')!;
    expect([...outcome.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal([
      'Die Sprache endet bei 31,4 s, nach den 30 s des Spots, gelesen mit 1,1x (höchstens 1,1x): kürzen Sie die Werte oder das Skript.',
      'Loudness: -19.2 LUFS, asked -14 ±1 LUFS',
    ]);
    expect([...outcome.querySelectorAll('li')].map((li) => li.lang), 'what has no German words is marked English').to.deep.equal(['', 'en']);
    // A run that delivered nothing: each row's reasons in German too.
    const empty = saidAs('feed.says.emptyValue', { column: '"price"', slot: '{{price}}' });
    runner.deliverFeed.rejects(new StudioDeliverFailedError(`No row could be delivered: SKU-1: price: ${empty.message}.`, [{ name: 'SKU-1', reasons: [`price: ${empty.message}`], why: [reason(empty.message, empty.said, ['price'])] }]));
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect($$('[part=error-rows] li').map((li) => li.textContent)).to.deep.equal(['SKU-1: price: "price" ist leer: {{price}} braucht einen Wert']);
  });

  it('asks the price again once the project changes, and says a read again, or no credits, in words', async () => {
    const { store, runner, $, chooseFile, settle, checked } = await mountFeedPanel();
    runner.price.resolves({ credits: 4, most: 16 });
    await chooseFile(CSV);
    await settle();
    expect($('[part=price]')!.textContent).to.equal('4 credits; up to 16 if a row is read again, faster, to fit');
    const asked = runner.price.callCount;
    // The Body's words change: the price of the feed as it was is no price.
    runner.price.resolves({ credits: 0, most: 0 });
    store.dispatch({ type: 'script/set-text', id: 'body', text: 'Now {{product_name}} for {{price}} dollars.' });
    await checked();
    expect(runner.price.callCount).to.be.greaterThan(asked);
    expect($('[part=price]')!.textContent).to.equal('Uses no credits');
  });

  it('without a runner, checks the rows and says that delivering them is not available', async () => {
    const { panel, $, chooseFile } = await mountFeedPanel({ runner: null });
    await chooseFile(CSV);
    expect($('[part=deliver] [part=message]')!.textContent).to.equal('Delivery of rows is not available.');
    expect($('[part=submit]')).to.equal(null);
    expect($<HTMLButtonElement>('[part=play]')!.disabled).to.equal(true);
    expect($('#feed-summary')!.textContent).to.equal('6 rows: 4 ready, 2 with problems.');
    await expect(panel).to.be.accessible();
  });

  it('goes through import, grid and delivery by keyboard alone', async () => {
    const { panel, runner, finish, $, settle } = await mountFeedPanel();
    const focused = () => panel.shadowRoot!.activeElement;
    $<HTMLTextAreaElement>('#feed-paste')!.focus();
    await sendKeys({ type: 'id,product_name,price' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'K-1,Socks,9.99' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'K-2,Hat,' });
    await sendKeys({ press: 'Tab' });
    expect(focused()?.getAttribute('part')).to.equal('import-button');
    await sendKeys({ press: 'Enter' });
    await settle();
    expect($('#feed-summary')!.textContent).to.equal('2 rows: 1 ready, 1 with problems.');
    // Into the grid: the first radio, then the arrow keys move the choice.
    $<HTMLInputElement>('#row-0')!.focus();
    await sendKeys({ press: ' ' });
    await panel.updateComplete;
    expect($('#player-hint')!.textContent).to.equal('Row 1 chosen, key K-1.');
    await sendKeys({ press: 'ArrowDown' });
    await panel.updateComplete;
    expect(focused()?.id).to.equal('row-1');
    expect($('#player-hint')!.textContent).to.equal('Row 2 chosen, key K-2.');
    await sendKeys({ press: 'ArrowUp' });
    await panel.updateComplete;
    // Tab leaves the grid for Play this row.
    let guard = 0;
    while (focused()?.getAttribute('part') !== 'play' && guard++ < 20) await sendKeys({ press: 'Tab' });
    expect(focused()?.getAttribute('part')).to.equal('play');
    await sendKeys({ press: 'Enter' });
    await settle();
    expect($('[part=player-status]')!.textContent).to.equal('Row K-1: 1 take voiced, 3 reused.');
    guard = 0;
    while (focused()?.getAttribute('part') !== 'submit' && guard++ < 20) await sendKeys({ press: 'Tab' });
    expect(focused()?.getAttribute('part')).to.equal('submit');
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(runner.deliverFeed.firstCall.args[0].rows).to.deep.equal(['K-1', 'K-2']);
    finish();
    await settle();
    expect($('[part=deliver] [role=status]')!.textContent).to.equal('1 row delivered, 1 failed; spring_feed_delivery.zip is ready (2.0 KB).');
    expect(focused()?.id).to.equal('feed-results-heading');
  });
});
