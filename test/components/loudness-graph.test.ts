// The Master panel's loudness graph: what it draws from a render's series, and a click or a key seeks.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import { loudnessSeries } from '../../src/audio/dsp/loudness.js';
import '../../src/components/studio-master-panel/loudness-graph.js';
import type { StudioLoudnessGraph } from '../../src/components/studio-master-panel/loudness-graph.js';
import { sine } from '../audio/signals.js';

const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('<studio-editor-loudness-graph>', () => {
  // 10 s: a 1 kHz tone at -20 dBFS for 6 s, then at full scale (over a -1 dBTP ceiling) for 4 s.
  const tone = new Float32Array(480000);
  tone.set(sine(1000, 0.1, 6), 0);
  tone.set(sine(1000, 1, 4), 288000);
  const series = loudnessSeries([tone, tone], 48000);

  it('computes the series the graph draws: momentary and short-term at 10 a second, the peaks of each step', () => {
    expect(series.momentary.length).to.equal(97);
    expect(series.shortTerm.length).to.equal(71);
    expect(series.momentary[10]!).to.be.closeTo(-20, 0.05);
    expect(series.shortTerm[20]!).to.be.closeTo(-20, 0.05);
    expect(series.peaks[10]!).to.be.closeTo(-20, 0.05);
    expect(series.peaks[80]!).to.be.closeTo(0, 0.05);
  });

  it('draws the curves, the target band and the overs, and seeks on a click and from the keyboard', async () => {
    const graph = await fixture<StudioLoudnessGraph>(html`<studio-editor-loudness-graph style="width: 500px" .series=${series} .duration=${10} .target=${-16} .tolerance=${1} .ceiling=${-1}></studio-editor-loudness-graph>`);
    const root = graph.shadowRoot!;
    expect(root.querySelectorAll('polyline')).to.have.length(2);
    expect(root.querySelector('polyline.short-term')!.getAttribute('points')!.trim().split(' ')).to.have.length(71);
    // The overs: the 40 steps at full scale.
    expect(root.querySelectorAll('rect.over')).to.have.length(40);
    expect(root.querySelector('.legend')!.textContent).to.contain('40 moments over the peak ceiling');
    const band = root.querySelector('rect.band')!;
    expect(Number(band.getAttribute('y'))).to.be.closeTo(200 * (1 - 35 / 50), 0.01);
    const area = root.querySelector<HTMLElement>('[role="slider"]')!;
    const box = area.getBoundingClientRect();
    const clicked = oneEvent(graph, 'graph-seek');
    area.dispatchEvent(new MouseEvent('click', { clientX: box.left + box.width * 0.25, clientY: box.top + 10, bubbles: true }));
    expect((await clicked).detail.time).to.be.closeTo(2.5, 0.05);
    area.focus();
    const keyed = oneEvent(graph, 'graph-seek');
    await sendKeys({ press: 'ArrowRight' });
    expect((await keyed).detail.time).to.be.closeTo(3.5, 0.05);
    await graph.updateComplete;
    expect(area.getAttribute('aria-valuetext')).to.match(/^0:03\.5\. Target -16\.0 LUFS; 40 moments over the peak ceiling$/);
    await expect(graph).to.be.accessible();
  });

  it('moves its cursor with the playhead while playing, every frame without a render, and stays where it stopped', async () => {
    let now = 2;
    const graph = await fixture<StudioLoudnessGraph>(html`<studio-editor-loudness-graph style="width: 500px" .series=${series} .duration=${10} .clock=${() => now}></studio-editor-loudness-graph>`);
    const line = graph.shadowRoot!.querySelector('line.cursor')!;
    const x = () => Number(line.getAttribute('x1'));
    expect(x()).to.equal(200);
    graph.playing = true;
    await graph.updateComplete;
    const renders = sinon.spy(graph as unknown as { render(): unknown }, 'render');
    for (const time of [2.5, 3, 7.25]) {
      now = time;
      await frame();
      expect(x()).to.be.closeTo(time * 100, 0.05);
      expect(Number(line.getAttribute('x2'))).to.be.closeTo(time * 100, 0.05);
    }
    expect(renders.called, 'no render while it follows').to.equal(false);
    graph.playing = false;
    await graph.updateComplete;
    now = 9;
    await frame();
    expect(x()).to.be.closeTo(725, 0.05);
    const area = graph.shadowRoot!.querySelector<HTMLElement>('[role="slider"]')!;
    expect(area.getAttribute('aria-valuenow')).to.equal('7');
    sinon.restore();
  });
});
