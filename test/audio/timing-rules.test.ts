import { expect } from '@open-wc/testing';
import { checkCompliance, resolvePreset } from '../../src/audio/dsp/presets.js';
import { measureLoudness } from '../../src/audio/dsp/loudness.js';
import { speechTiming } from '../../src/audio/timing-rules.js';
import { withTimingRules } from '../../src/rules/mix.js';
import { statusLine } from '../../src/components/studio-editor/status-line.js';
import { createTranslator } from '../../src/i18n/translate.js';
import { createProject } from '../../src/model/document.js';
import { previewState } from '../support/fake-preview.js';
import { clip } from '../model/fixtures.js';

const second = (seconds: number) => ({ channels: [new Float32Array(Math.round(seconds * 1000))], sampleRate: 1000 });

describe('length rules (issue 15)', () => {
  const t = createTranslator('en');

  it('measures where the speech ends and which clips overlap, from the decoded audio', () => {
    const project = { ...createProject({ projectId: 'p', title: 'T', duration: 15 }), clips: [clip('a', null, 0), clip('b', null, 4), clip('c', null, 11)] };
    const audio: Record<string, ReturnType<typeof second>> = { 'https://cdn.example/a-a.wav': second(4.26), 'https://cdn.example/a-b.wav': second(5), 'https://cdn.example/a-c.wav': second(5.2) };
    const timing = speechTiming(project, (url) => audio[url]);
    expect(Number(timing.speechEnd.toFixed(3))).to.equal(16.2);
    expect(timing.overlaps.map((o) => [o.a, o.b, Number(o.seconds.toFixed(2))])).to.deep.equal([['a', 'b', 0.26]]);
  });

  it('a spot that cuts speech fails its delivery and never says "Meets"', () => {
    const measurement = measureLoudness([new Float32Array(48000).fill(0.1)], 48000);
    // A custom target met exactly: the loudness passes, so only the length can fail it.
    const base = checkCompliance(measurement, resolvePreset('custom', { target: measurement.integrated, truePeak: 0 }));
    expect(base.pass).to.equal(true);
    const timing = { speechEnd: 16.2, overlaps: [] };
    const compliance = withTimingRules(base, timing, 15);
    expect(compliance.pass).to.equal(false);
    expect(compliance.rules.find((rule) => rule.rule === 'speechFits')!.pass).to.equal(false);
    const line = statusLine(t, previewState({ measurement, compliance, timing, duration: 15 }));
    expect(line).to.include('Speech runs 1.2 s past 0:15');
    expect(line).to.not.include('Meets');
  });

  it('an overlap is said on the status line and fails the rule', () => {
    const measurement = measureLoudness([new Float32Array(48000).fill(0.1)], 48000);
    const timing = { speechEnd: 10, overlaps: [{ a: 'a', b: 'b', seconds: 0.26 }] };
    const compliance = withTimingRules(checkCompliance(measurement, 'streaming'), timing, 15);
    expect(compliance.rules.find((rule) => rule.rule === 'noOverlap')!.pass).to.equal(false);
    expect(statusLine(t, previewState({ measurement, compliance, timing, duration: 15 }))).to.include('Two voice clips play at once');
  });
});
