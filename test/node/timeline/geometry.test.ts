import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { envelopePath, gridStep, rulerTicks, snapClipStart, snapTime } from '../../../src/components/studio-timeline/geometry.js';

describe('timeline geometry', () => {
  it('spaces ruler labels at least 72 px apart on round steps', () => {
    expect(rulerTicks(100, 0, 3)).to.deep.equal({ major: 1, minor: 0.2, labels: [0, 1, 2, 3] });
    expect(rulerTicks(10, 12, 45)).to.deep.equal({ major: 10, minor: 2, labels: [20, 30, 40] });
    expect(rulerTicks(1000, 0.95, 1.2).labels).to.deep.equal([1, 1.1, 1.2]);
    expect(rulerTicks(0.01, 0, 3600).major).to.equal(600);
  });

  it('uses the minor tick as the snapping grid', () => {
    expect(gridStep(100)).to.equal(0.2);
    expect(gridStep(40)).to.equal(1);
  });

  it('snaps to the closest candidate within the threshold, else to the grid, else not at all', () => {
    expect(snapTime(4.93, [5, 10], 0.5, 0.1)).to.deep.equal({ time: 5, snapped: 5 });
    expect(snapTime(4.93, [5.2], 0.5, 0.1)).to.deep.equal({ time: 5, snapped: 5 });
    expect(snapTime(4.7, [5], 0.5, 0.1)).to.deep.equal({ time: 4.7, snapped: undefined });
    expect(snapTime(4.7, [], undefined, 0.1)).to.deep.equal({ time: 4.7, snapped: undefined });
  });

  it('snaps a moved clip by its start or its end, whichever is closer, never before 0', () => {
    expect(snapClipStart(3.05, 2, [3, 10], undefined, 0.1)).to.equal(3);
    expect(snapClipStart(7.96, 2, [3, 10], undefined, 0.1)).to.equal(8);
    expect(snapClipStart(-0.3, 2, [], 0.5, 0.1)).to.equal(0);
    expect(snapClipStart(5.43, 2, [], 0.5, 0.1)).to.equal(5.5);
  });

  it('draws the envelope from 0 dB at the top to the floor at the bottom, merging flat runs', () => {
    const envelope = Float32Array.from([0, 0, 0, -6, -12, -12, -12, 0]);
    expect(envelopePath(envelope, 10, 100, 60, -24)).to.equal('M0 0.0 L20.0 0.0 L30.0 15.0 L40.0 30.0 L60.0 30.0 L70.0 0.0');
    expect(envelopePath([], 10, 100, 60)).to.equal('');
  });
});
