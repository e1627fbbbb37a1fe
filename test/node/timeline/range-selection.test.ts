import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { RangeSelection, type RangeHost, type TimeRange } from '../../../src/components/studio-timeline/range-selection.js';

/** A bare host: what it was asked to say, and how many updates. */
function host(): RangeHost & { said: string[]; updates: number } {
  const made = {
    said: [] as string[],
    updates: 0,
    addController: () => undefined,
    removeController: () => undefined,
    requestUpdate: () => void (made.updates += 1),
    updateComplete: Promise.resolve(true),
    announce: (key: string, params?: Record<string, string | number>) => void made.said.push(`${key} ${params?.['range'] ?? ''}`.trim()),
    rangeText: (range: TimeRange) => `${range.start}-${range.end}`,
  };
  return made;
}

describe('RangeSelection', () => {
  it('a drag selects from where it began, in either direction, and says the span once it settles', () => {
    const h = host();
    const selection = new RangeSelection(h);
    selection.drag(5, 4, false);
    selection.drag(5, 2, false);
    expect(selection.range).to.deep.equal({ start: 2, end: 5 });
    expect(h.said).to.deep.equal([]);
    selection.drag(5, 2.5, true);
    expect(h.said).to.deep.equal(['timeline.rangeSelected 2.5-5']);
  });

  it('the keys grow and shrink it from the playhead, moving the far end; back where they began, it is cleared', () => {
    const h = host();
    const selection = new RangeSelection(h);
    selection.extend(3, 0.5, 1);
    selection.extend(3, 0.5, 1);
    expect(selection.range).to.deep.equal({ start: 3, end: 4 });
    // The playhead moved meanwhile: the span grows from where it began.
    selection.extend(9, 0.5, -1);
    expect(selection.range).to.deep.equal({ start: 3, end: 3.5 });
    selection.extend(9, 0.5, -1);
    expect(selection.range).to.equal(undefined);
    expect(h.said.at(-1)).to.equal('timeline.rangeCleared');
    // Never before 0.
    selection.extend(0.2, 0.5, -1);
    expect(selection.range).to.deep.equal({ start: 0, end: 0.2 });
  });

  it('clear says so once, and is false with nothing selected', () => {
    const h = host();
    const selection = new RangeSelection(h);
    expect(selection.clear()).to.equal(false);
    selection.drag(1, 2, true);
    expect(selection.clear()).to.equal(true);
    expect(selection.clear()).to.equal(false);
    expect(h.said).to.deep.equal(['timeline.rangeSelected 1-2', 'timeline.rangeCleared']);
  });
});
