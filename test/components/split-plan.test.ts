// The split between the panels and the timeline, planned from plain numbers (issue 33).
import { expect } from '@open-wc/testing';
import { MIN_PANELS_PX, MIN_TIMELINE_PX, clampTimeline, nothingOnTimeline, panelShare, timelineTrack } from '../../src/components/studio-editor/split-plan.js';

describe('split plan', () => {
  it('keeps 55 % of a 700 px editor for the panels, more when it is taller', () => {
    expect(panelShare(500)).to.equal(0.55);
    expect(panelShare(700)).to.equal(0.55);
    expect(panelShare(950)).to.be.closeTo(0.6, 1e-9);
    expect(panelShare(1200)).to.be.closeTo(0.65, 1e-9);
    expect(panelShare(2000)).to.be.closeTo(0.65, 1e-9);
  });

  it('gives an empty timeline its natural height (one slim line), and a made one its height up to the panels’ share', () => {
    expect(timelineTrack({ editorPx: 700, roomPx: 600, empty: true, userPx: undefined })).to.equal('minmax(0, auto)');
    // 700 px: the panels keep 385 px (and a pixel to spare) of the 600 the two halves share.
    expect(timelineTrack({ editorPx: 700, roomPx: 600, empty: false, userPx: undefined })).to.equal('fit-content(214px)');
    // 1200 px: 65 %, 780 px of 1100.
    expect(timelineTrack({ editorPx: 1200, roomPx: 1100, empty: false, userPx: undefined })).to.equal('fit-content(319px)');
    // Little room: never under the timeline's minimum.
    expect(timelineTrack({ editorPx: 400, roomPx: 280, empty: false, userPx: undefined })).to.equal(`fit-content(${MIN_TIMELINE_PX}px)`);
  });

  it('lets the user’s splitter win, inside the room there is', () => {
    expect(timelineTrack({ editorPx: 700, roomPx: 600, empty: false, userPx: 300 })).to.equal('300px');
    expect(timelineTrack({ editorPx: 700, roomPx: 600, empty: true, userPx: 300 })).to.equal('300px');
    expect(clampTimeline(10, 600)).to.equal(MIN_TIMELINE_PX);
    expect(clampTimeline(590, 600)).to.equal(600 - MIN_PANELS_PX);
  });

  it('calls a timeline without clips or music empty', () => {
    expect(nothingOnTimeline({ clips: [], music: null })).to.equal(true);
    expect(nothingOnTimeline({ clips: [], music: { url: null } })).to.equal(true);
    expect(nothingOnTimeline({ clips: [], music: { url: 'blob:bed' } })).to.equal(false);
    expect(nothingOnTimeline({ clips: [{}], music: null })).to.equal(false);
  });
});
