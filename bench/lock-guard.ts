// Benchmark of the locks' guard: what the adopter role adds to each edit. A project of 600 clips (30 of them
// locked) and 60 sections (3 locked) in 3 versions (two parked); 5,000 moves of unlocked clips (a long drag)
// dispatched as a creator (no check) and as an adopter (every edit compared with the document before it).
// Run: node --import tsx bench/lock-guard.ts
import { createProject, type ProjectDocument, type VoiceClip } from '../src/model/document.js';
import { createEditorStore } from '../src/model/editor-state.js';
import '../src/model/lock-guard.js';
import { openContent } from '../src/model/versions.js';

const CLIPS = 600;
const SECTIONS = 60;
const EDITS = 5_000;

function project(): ProjectDocument {
  const base = createProject({ projectId: 'bench', title: 'Template', duration: 600 });
  const sections = Array.from({ length: SECTIONS }, (_, i) => ({ id: `s${i}`, label: `Part ${i}`, text: 'Terms apply. '.repeat(5), ...(i % 20 === 19 ? { locked: true as const, lockReason: 'Legal' } : {}) }));
  const clips: VoiceClip[] = Array.from({ length: CLIPS }, (_, i) => ({
    id: `c${i}`,
    sectionId: `s${i % SECTIONS}`,
    assetId: `a${i}`,
    url: `https://cdn.example/a${i}.wav`,
    start: i,
    gain: 0,
    trimIn: 0,
    trimOut: 0,
    fadeIn: 0,
    fadeOut: 0,
    source: { text: 'Terms apply.', voice: 'v-anna', speed: 1 },
    ...(i % 20 === 0 ? { locked: true as const, lockReason: 'Placed by the station' } : {}),
  }));
  const doc: ProjectDocument = { ...base, script: { sections }, clips, locks: { duration: { reason: 'Sold as 10 minutes' } } };
  const content = openContent(doc);
  return {
    ...doc,
    versions: [...doc.versions, { id: 'v2', label: 'Alt', adId: '', isci: '', parked: content }, { id: 'v3', label: 'Alt 2', adId: '', isci: '', parked: content }],
  };
}

function run(role: 'creator' | 'adopter'): number {
  const store = createEditorStore({ project: project(), historyLimit: 200 });
  store.dispatch({ type: 'session/role', role });
  const started = performance.now();
  for (let i = 0; i < EDITS; i++) store.dispatch({ type: 'clip/move', id: `c${1 + (i % 19)}`, start: (i % 500) / 10, gesture: 'drag' });
  const elapsed = performance.now() - started;
  if (store.getState().refusal !== undefined) throw new Error('an unlocked clip was refused');
  return (elapsed * 1000) / EDITS;
}

run('creator');
run('adopter');
const creator = Math.min(run('creator'), run('creator'), run('creator'));
const adopter = Math.min(run('adopter'), run('adopter'), run('adopter'));
console.log(`clip/move on ${CLIPS} clips, ${SECTIONS} sections, 3 versions: creator ${creator.toFixed(1)} µs per edit, adopter (guarded) ${adopter.toFixed(1)} µs per edit`);
