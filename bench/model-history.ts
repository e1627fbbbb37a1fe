// Benchmark of the project store: dispatch and undo of 10,000 edits on a project with 60 clips, and the
// memory its history holds, against a named peer measured in the same run: a naive history that deep-clones
// the whole document on every step (structuredClone), as many hand-written undo stacks do.
// Run: node bench/model.mjs   (Node 20 with --expose-gc, through tsx)
import type { EditAction } from '../src/model/actions.js';
import { createProject, type ProjectDocument, type VoiceClip } from '../src/model/document.js';
import { createEditorStore } from '../src/model/editor-state.js';
import { pastDocuments } from '../src/model/history.js';
import { projectReducer } from '../src/model/reducer.js';

const EDITS = 10_000;
const CLIPS = 60;

function project(): ProjectDocument {
  const base = createProject({ projectId: 'bench', title: 'Benchmark ad', duration: 60 });
  const sections = Array.from({ length: 6 }, (_, i) => ({ id: `s${i}`, label: `Part ${i}`, text: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(3) }));
  const clips: VoiceClip[] = Array.from({ length: CLIPS }, (_, i) => ({
    id: `c${i}`,
    sectionId: `s${i % 6}`,
    assetId: `a${i}`,
    url: `https://cdn.example/assets/a${i}.wav`,
    start: i,
    gain: 0,
    trimIn: 0,
    trimOut: 0,
    fadeIn: 0.05,
    fadeOut: 0.05,
    source: { text: sections[i % 6]!.text, voice: 'v-anna', speed: 1 },
  }));
  const assets = clips.map((c) => ({ asset_id: c.assetId, kind: 'voice' as const, url: c.url, mime_type: 'audio/wav', duration_s: 3, voice: { voice_id: 'v-anna', name: 'Anna', language: 'en-GB' } }));
  return { ...base, script: { sections }, clips, assets };
}

/** A fixed, varied sequence: moves, gains, fades, text and mix edits, as a user would make them. */
function edits(): EditAction[] {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: EDITS }, (_, i): EditAction => {
    const clip = `c${Math.floor(random() * CLIPS)}`;
    switch (i % 5) {
      case 0:
        return { type: 'clip/move', id: clip, start: random() * 50 };
      case 1:
        return { type: 'clip/gain', id: clip, gain: -random() * 12 };
      case 2:
        return { type: 'clip/fade', id: clip, fadeIn: random() };
      case 3:
        return { type: 'script/set-text', id: `s${i % 6}`, text: `Edit ${i}: lorem ipsum dolor sit amet.` };
      default:
        return { type: 'mix/set', mix: { duckingDepth: random() * 20 } };
    }
  });
}

const gc = (globalThis as { gc?: () => void }).gc;
function heap(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

/** Objects reachable from the history, counted once each (what structural sharing stores). */
function uniqueObjects(roots: readonly unknown[]): { unique: number; total: number } {
  const seen = new Set<object>();
  let total = 0;
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    total++;
    if (seen.has(value)) {
      // Count the subtree's size for `total` without walking it again would need memo; approximate by size.
      total += sizes.get(value) ?? 0;
      return;
    }
    seen.add(value);
    const before = total;
    for (const inner of Object.values(value)) walk(inner);
    sizes.set(value, total - before);
  };
  const sizes = new Map<object, number>();
  for (const root of roots) walk(root);
  return { unique: seen.size, total };
}

interface Result {
  name: string;
  dispatchUs: number;
  undoUs: number;
  historyMb: number;
  steps: number;
  objects?: { unique: number; total: number };
}

function ours(limit: number, actions: EditAction[], start: ProjectDocument): Result {
  const before = heap();
  const store = createEditorStore({ project: start, historyLimit: limit });
  let t = performance.now();
  for (const action of actions) store.dispatch(action);
  const dispatchMs = performance.now() - t;
  const history = store.getState().history;
  const objects = uniqueObjects([store.getState().project, ...pastDocuments(history)]);
  const historyMb = (heap() - before) / 1e6;
  const steps = history.pastDepth;
  t = performance.now();
  for (let i = 0; i < steps; i++) store.dispatch({ type: 'history/undo' });
  const undoMs = performance.now() - t;
  if (store.getState().history.pastDepth !== 0) throw new Error('undo did not reach the start');
  return { name: `ours (structural sharing, limit ${limit})`, dispatchUs: (dispatchMs * 1000) / actions.length, undoUs: (undoMs * 1000) / steps, historyMb, steps, objects };
}

/** The peer: a mutable document, deep-cloned onto the undo stack before every edit. */
function naive(limit: number, actions: EditAction[], start: ProjectDocument): Result {
  const before = heap();
  let present = structuredClone(start) as ProjectDocument;
  const past: ProjectDocument[] = [];
  const future: ProjectDocument[] = [];
  let t = performance.now();
  for (const action of actions) {
    past.push(structuredClone(present));
    if (past.length > limit) past.shift();
    present = projectReducer(present, action);
    future.length = 0;
  }
  const dispatchMs = performance.now() - t;
  const historyMb = (heap() - before) / 1e6;
  const steps = past.length;
  t = performance.now();
  for (let i = 0; i < steps; i++) {
    future.push(present);
    present = past.pop()!;
  }
  const undoMs = performance.now() - t;
  return { name: `naive deep clone per step (structuredClone, limit ${limit})`, dispatchUs: (dispatchMs * 1000) / actions.length, undoUs: (undoMs * 1000) / steps, historyMb, steps };
}

const start = project();
const actions = edits();
const docJson = JSON.stringify(start).length;
console.log(`project: ${CLIPS} clips, ${start.script.sections.length} sections, ${(docJson / 1024).toFixed(1)} KiB as JSON; ${EDITS} edits; node ${process.version}; gc ${gc ? 'exposed' : 'NOT exposed (run with --expose-gc)'}`);
// Warm-up, so both sides run optimised code.
ours(200, actions.slice(0, 2000), start);
naive(200, actions.slice(0, 2000), start);
const results = [ours(200, actions, start), naive(200, actions, start), ours(EDITS, actions, start), naive(EDITS, actions, start)];
console.log('');
console.log('store'.padEnd(58), 'dispatch µs/edit', 'undo µs/step', 'history MB', 'steps');
for (const r of results) {
  console.log(r.name.padEnd(58), r.dispatchUs.toFixed(2).padStart(16), r.undoUs.toFixed(2).padStart(12), r.historyMb.toFixed(2).padStart(10), String(r.steps).padStart(6));
}
for (const r of results) {
  if (r.objects) console.log(`${r.name}: ${r.objects.unique} distinct objects held for ${r.steps + 1} documents (${r.objects.total} if nothing were shared: ${(r.objects.total / r.objects.unique).toFixed(1)}x)`);
}
console.log(`one document as JSON: ${docJson} bytes; ${EDITS} full copies would be ${((docJson * EDITS) / 1e6).toFixed(1)} MB of JSON`);
