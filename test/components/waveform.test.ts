import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import type WaveSurfer from 'wavesurfer.js';
import { createWaveform, waveformElement, whenDrawn } from '../../src/components/studio-timeline/waveform.js';

describe('waveform helpers', () => {
  it('whenDrawn settles when the waveform has drawn, and lets go of its listeners', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    try {
      const ws = createWaveform(host, { peaks: Float32Array.from({ length: 200 }, (_, i) => Math.abs(Math.sin(i))), duration: 2, width: 120, height: 40, color: '#123456' });
      await whenDrawn(ws);
      expect(waveformElement(ws).shadowRoot!.querySelector('canvas')!.style.width).to.equal('120px');
      ws.destroy();
      expect(host.childElementCount, 'nothing left in the container').to.equal(0);
    } finally {
      host.remove();
    }
  });

  it('draws once: neither the first report of its size nor a wider container draws it again', async () => {
    const host = document.createElement('div');
    host.style.width = '300px';
    document.body.append(host);
    try {
      const ws = createWaveform(host, { peaks: Float32Array.from({ length: 200 }, (_, i) => Math.abs(Math.sin(i))), duration: 2, width: 120, height: 40, color: '#123456' });
      await whenDrawn(ws);
      const canvas = waveformElement(ws).shadowRoot!.querySelector('canvas');
      let redraws = 0;
      ws.on('redraw', () => (redraws += 1));
      host.style.width = '500px';
      // wavesurfer handles a resize 100 ms after its observer reports it: two frames, then well past that.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(redraws).to.equal(0);
      expect(waveformElement(ws).shadowRoot!.querySelector('canvas'), 'the same canvas').to.equal(canvas);
      ws.destroy();
    } finally {
      host.remove();
    }
  });

  it('whenDrawn settles after its timeout when nothing is ever reported', async () => {
    const listeners: string[] = [];
    const silent = { once: (event: string) => (listeners.push(event), () => listeners.splice(listeners.indexOf(event), 1)) } as unknown as WaveSurfer;
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const drawn = whenDrawn(silent, 30).then(() => (settled = true));
      expect(listeners).to.deep.equal(['redrawcomplete', 'error', 'destroy']);
      clock.tick(29);
      await Promise.resolve();
      expect(settled).to.equal(false);
      clock.tick(1);
      await drawn;
      expect(listeners).to.deep.equal([]);
    } finally {
      clock.restore();
    }
  });
});
