import { describe, it, beforeEach, afterEach } from 'node:test';
import { expect } from '../support/expect.js';
import sinon from 'sinon';
import { SaveScheduler, type SaveJob } from '../../../src/model/persistence/save-scheduler.js';

/** A job that records what the scheduler asks, with writes that settle when the test says. */
function recorder(options: { mayRun?: () => boolean; answer?: Promise<void> | 'nothing' } = {}) {
  const writes: boolean[] = [];
  const pending: Array<() => void> = [];
  let idle = 0;
  let due = 0;
  const job: SaveJob = {
    mayRun: () => options.mayRun?.() ?? true,
    begin: (cleanExit) => {
      if (options.answer === 'nothing') return {};
      if (options.answer !== undefined) return { answer: options.answer };
      return {
        write: () => {
          writes.push(cleanExit);
          return new Promise<void>((resolve) => pending.push(resolve));
        },
      };
    },
    idle: () => void idle++,
    due: () => void due++,
  };
  return {
    job,
    writes,
    /** Settles the oldest write in flight. */
    settle: async () => {
      pending.shift()!();
      // Let the scheduler's continuation run.
      await Promise.resolve();
      await Promise.resolve();
    },
    idleCount: () => idle,
    dueCount: () => due,
  };
}

describe('SaveScheduler', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => clock.restore());

  it('is due after the quiet time, counted from the last edit', () => {
    const r = recorder();
    const scheduler = new SaveScheduler(r.job, { debounceMs: 1000, maxWaitMs: 5000 });
    scheduler.schedule();
    clock.tick(600);
    scheduler.schedule();
    clock.tick(999);
    expect(r.dueCount()).to.equal(0);
    clock.tick(1);
    expect(r.dueCount()).to.equal(1);
  });

  it('is due no later than the longest wait after the first unsaved edit, while edits keep coming', () => {
    const r = recorder();
    const scheduler = new SaveScheduler(r.job, { debounceMs: 1000, maxWaitMs: 5000 });
    const dueAt: number[] = [];
    for (let t = 0; t < 12_000; t += 500) {
      const before = r.dueCount();
      scheduler.schedule();
      clock.tick(500);
      if (r.dueCount() > before) dueAt.push(Date.now());
    }
    // Due at 5 s; the edit made then is the first of a new run: due 5 s later.
    expect(dueAt).to.deep.equal([5000, 10_000]);
  });

  it('cancel forgets the pending save and when the edits began', () => {
    const r = recorder();
    const scheduler = new SaveScheduler(r.job, { debounceMs: 1000, maxWaitMs: 1500 });
    scheduler.schedule();
    clock.tick(900);
    scheduler.cancel();
    clock.tick(5000);
    expect(r.dueCount()).to.equal(0);
    scheduler.schedule();
    clock.tick(999);
    expect(r.dueCount()).to.equal(0);
    clock.tick(1);
    expect(r.dueCount()).to.equal(1);
  });

  it('flush writes at once and cancels the pending save', async () => {
    const r = recorder();
    const scheduler = new SaveScheduler(r.job, { debounceMs: 1000, maxWaitMs: 5000 });
    scheduler.schedule();
    const done = scheduler.flush();
    expect(r.writes).to.deep.equal([false]);
    clock.tick(10_000);
    expect(r.dueCount()).to.equal(0);
    await r.settle();
    await done;
    expect(r.idleCount()).to.equal(1);
  });

  it('runs one write at a time: flushes during a write join it and ask for one more, clean if any asked', async () => {
    const r = recorder();
    const scheduler = new SaveScheduler(r.job, { debounceMs: 1000, maxWaitMs: 5000 });
    const first = scheduler.flush();
    const second = scheduler.flush(true);
    const third = scheduler.flush();
    expect(second).to.equal(first);
    expect(third).to.equal(first);
    expect(r.writes).to.deep.equal([false]);
    await r.settle();
    // The one more write, a clean exit, starts when the first settles; `idle` waits for it.
    expect(r.writes).to.deep.equal([false, true]);
    expect(r.idleCount()).to.equal(0);
    await r.settle();
    await first;
    expect(r.writes).to.deep.equal([false, true]);
    expect(r.idleCount()).to.equal(1);
  });

  it('a flush that may not run resolves at once, without joining or writing', async () => {
    let may = true;
    const r = recorder({ mayRun: () => may });
    const scheduler = new SaveScheduler(r.job, { debounceMs: 1000, maxWaitMs: 5000 });
    const first = scheduler.flush();
    may = false;
    const refused = scheduler.flush(true);
    expect(refused).not.to.equal(first);
    await refused;
    await r.settle();
    await first;
    expect(r.writes).to.deep.equal([false]);
  });

  it('answers what the job gives instead of a write, and writes nothing', async () => {
    const answer = Promise.resolve();
    const r = recorder({ answer });
    const scheduler = new SaveScheduler(r.job, { debounceMs: 1000, maxWaitMs: 5000 });
    expect(scheduler.flush()).to.equal(answer);
    const nothing = recorder({ answer: 'nothing' });
    await new SaveScheduler(nothing.job, { debounceMs: 1000, maxWaitMs: 5000 }).flush();
    expect(r.writes.length + nothing.writes.length).to.equal(0);
    expect(r.idleCount() + nothing.idleCount()).to.equal(0);
  });
});
