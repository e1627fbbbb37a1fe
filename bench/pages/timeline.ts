// The timeline with a 10-minute voice track (60 clips of 10 s, each with its 26 words) and a 10-minute music bed:
// scrolled end to end (at 40 px/s, and at 200 px/s where the words are drawn) and pinch-zoomed (Ctrl+wheel,
// several events a frame) by script; reports frame times and long tasks
// (PerformanceObserver 'longtask', > 50 ms). Peer: one wavesurfer.js 8 instance holding the whole 10-minute
// track, scrolled with setScroll() and zoomed with zoom() once a frame, in the same page.
import WaveSurfer from 'wavesurfer.js';
// A value import: the package marks src/ as free of side effects, so a bare import would be dropped.
import { StudioTimeline } from '../../src/components/studio-timeline/studio-timeline.js';
import type { TimelineClip } from '../../src/components/studio-timeline/types.js';
import { publish, type Row } from './harness.js';

const PEAKS_PER_SECOND = 100;
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const WORDS = 'cold brew in minutes at home order today and save twenty percent on your first box'.split(' ');
/** A 10 s take's words: 26 of them, one every 0.38 s. */
const takeWords = (seed: number) => Array.from({ length: 26 }, (_, i) => ({ text: WORDS[(i + seed) % WORDS.length]!, start: 0.1 + i * 0.38, end: 0.1 + i * 0.38 + 0.32 }));
const speechPeaks = (seconds: number, seed: number) =>
  Float32Array.from({ length: seconds * PEAKS_PER_SECOND }, (_, i) => Math.abs(Math.sin((i + seed) / 9) * Math.sin((i + seed) / 61)) * 0.9);

/** Runs `script` (one step per frame), recording frame intervals and long tasks meanwhile. */
async function observe(name: string, steps: number, step: (i: number) => void): Promise<{ row: Row; longTasks: number[] }> {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const intervals: number[] = [];
  let last = await frame();
  for (let i = 0; i < steps; i++) {
    step(i);
    const now = await frame();
    intervals.push(now - last);
    last = now;
  }
  // Let trailing work (debounced redraws) land in the observation.
  await new Promise((resolve) => setTimeout(resolve, 300));
  observer.disconnect();
  const sorted = [...intervals].sort((a, b) => a - b);
  const worst = longTasks.length === 0 ? 0 : Math.max(...longTasks);
  return {
    longTasks,
    row: {
      name,
      medianMs: sorted[sorted.length >> 1]!,
      minMs: sorted[0]!,
      runs: steps,
      result: `frame p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(1)} ms, worst frame ${sorted.at(-1)!.toFixed(1)} ms; ${longTasks.length} long tasks, worst ${worst.toFixed(0)} ms`,
    },
  };
}

publish(async () => {
  document.body.style.margin = '0';
  const clips: TimelineClip[] = Array.from({ length: 60 }, (_, i) => ({
    id: `c${i}`, label: `Clip ${i + 1}`, start: i * 10, length: 10, sourceLength: 10, trimIn: 0, trimOut: 0,
    fadeIn: 0.05, fadeOut: 0.05, gain: 0, peaks: speechPeaks(10, i * 1000), words: takeWords(i),
  }));
  const envelope = Float32Array.from({ length: 600 * 20 }, (_, i) => (Math.floor(i / 200) % 2 === 0 ? -12 : 0));
  const notes: string[] = [];
  const rows: Row[] = [];

  const loadStart = performance.now();
  if (customElements.get('studio-editor-timeline') !== StudioTimeline) throw new Error('<studio-editor-timeline> is not defined');
  const timeline = document.createElement('studio-editor-timeline');
  timeline.style.width = '1000px';
  Object.assign(timeline, {
    clips, zoom: 40, targetDuration: 600, envelope, envelopeRate: 20, duckDepth: 12,
    music: { length: 600, gain: -6, fadeIn: 1, fadeOut: 2, peaks: speechPeaks(600, 7) },
  });
  document.body.append(timeline);
  await timeline.updateComplete;
  await frame();
  notes.push(`ours: first render of 60 clips + 10-min bed ${(performance.now() - loadStart).toFixed(1)} ms; waveforms alive after load: ${timeline.waveformCount}`);

  const scroller = timeline.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
  const total = () => scroller.scrollWidth - scroller.clientWidth;
  const scroll = await observe('<studio-editor-timeline> scroll 10 min end to end at 40 px/s (240 frames)', 240, (i) => {
    scroller.scrollLeft = (total() * (i + 1)) / 240;
  });
  rows.push(scroll.row);
  notes.push(`ours: waveforms alive after scrolling to the end: ${timeline.waveformCount} (of 60 clips + 30 music pieces)`);
  const words = () => timeline.shadowRoot!.querySelectorAll('.word').length;
  timeline.zoom = 200;
  await timeline.updateComplete;
  scroller.scrollLeft = 0;
  await frame();
  const wordScroll = await observe('<studio-editor-timeline> scroll 10 min end to end at 200 px/s, words drawn (240 frames)', 240, (i) => {
    scroller.scrollLeft = (total() * (i + 1)) / 240;
  });
  rows.push(wordScroll.row);
  notes.push(`ours: words drawn at 200 px/s after scrolling to the end: ${words()} (of ${60 * 26})`);
  timeline.zoom = 40;
  await timeline.updateComplete;
  const rect = scroller.getBoundingClientRect();
  const pinch = (deltaY: number) => () => {
    for (let k = 0; k < 3; k++) {
      scroller.dispatchEvent(new WheelEvent('wheel', { deltaY, ctrlKey: true, clientX: rect.left + rect.width / 2, clientY: rect.top + 40, bubbles: true, cancelable: true }));
    }
  };
  scroller.scrollLeft = total() / 2;
  await frame();
  const zoomIn = await observe('<studio-editor-timeline> pinch-zoom in 40 -> 1000 px/s (3 wheel events a frame)', 90, pinch(-12));
  rows.push(zoomIn.row);
  notes.push(`ours: words drawn at ${timeline.zoom} px/s: ${words()}`);
  const zoomOut = await observe('<studio-editor-timeline> pinch-zoom out to 2 px/s', 120, pinch(12));
  rows.push(zoomOut.row);
  notes.push(`ours: zoom now ${timeline.zoom} px/s, waveforms alive ${timeline.waveformCount}, words drawn ${words()}`);
  timeline.remove();

  // The peer: one wavesurfer for the whole 10 minutes.
  const host = document.createElement('div');
  host.style.width = '1000px';
  document.body.append(host);
  const peerStart = performance.now();
  const ws = WaveSurfer.create({ container: host, peaks: [speechPeaks(600, 0)], duration: 600, minPxPerSec: 40, height: 72, interact: false, cursorWidth: 0, autoScroll: false, autoCenter: false });
  await new Promise<void>((resolve) => ws.once('redraw', () => resolve()));
  await frame();
  notes.push(`peer: first render of one 10-min wavesurfer ${(performance.now() - peerStart).toFixed(1)} ms`);
  const peerScroll = await observe('wavesurfer.js 8.0.1, one 10-min instance: setScroll end to end at 40 px/s (240 frames)', 240, (i) => ws.setScroll((600 * 40 - 1000) * (i + 1) / 240));
  rows.push(peerScroll.row);
  let z = 40;
  const peerZoom = await observe('wavesurfer.js 8.0.1, one 10-min instance: zoom() once a frame 40 -> 1000 px/s', 90, () => {
    z = Math.min(1000, z * Math.exp(0.072));
    ws.zoom(z);
  });
  rows.push(peerZoom.row);
  ws.destroy();

  const ours = [...scroll.longTasks, ...wordScroll.longTasks, ...zoomIn.longTasks, ...zoomOut.longTasks];
  notes.push(`ours: ${ours.length} long tasks in all, worst ${ours.length ? Math.max(...ours).toFixed(0) : 0} ms (goal: none over 50 ms)`);
  const theirs = [...peerScroll.longTasks, ...peerZoom.longTasks];
  notes.push(`peer: ${theirs.length} long tasks in all, worst ${theirs.length ? Math.max(...theirs).toFixed(0) : 0} ms`);
  notes.push('medianMs above is the median frame interval (16.7 ms = 60 fps); runs = frames.');
  return { title: 'Timeline with 10 minutes of voice (60 clips of 10 s, 1560 words) and a 10-minute bed: scroll and pinch-zoom', rows, notes };
});
