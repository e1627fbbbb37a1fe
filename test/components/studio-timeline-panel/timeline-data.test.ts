import { expect } from '@open-wc/testing';
import { bedPeaks } from '../../../src/components/studio-timeline-panel/timeline-data.js';

describe('bedPeaks', () => {
  const source = Float32Array.from([1, 2, 3, 4]); // 4 points at 2 per second: 2 s of music

  it('starts at the offset and loops to the ad length', () => {
    expect(Array.from(bedPeaks(source, 2, 0.5, true, 4))).to.deep.equal([2, 3, 4, 1, 2, 3, 4, 1]);
  });

  it('plays once without looping, silent after its end', () => {
    expect(Array.from(bedPeaks(source, 2, 1, false, 3))).to.deep.equal([3, 4, 0, 0, 0, 0]);
  });

  it('is silent for an empty source or an offset past the end', () => {
    expect(Array.from(bedPeaks(new Float32Array(0), 2, 0, true, 1))).to.deep.equal([0, 0]);
    expect(Array.from(bedPeaks(source, 2, 5, false, 1))).to.deep.equal([0, 0]);
  });
});
