// The review as W3C Web Annotations (issue 42): every annotation has the model's required fields (@context, id,
// type, target; body and created here too), its target a Media Fragments selector where the comment is now.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { ProjectDocument } from '../../../src/model/document.js';
import { createEditorStore, type EditorStore } from '../../../src/model/editor-state.js';
import { ANNOTATION_CONTEXT, MEDIA_FRAGMENTS, mediaFragment, reviewAnnotations, type ReviewAnnotation } from '../../../src/model/review-export.js';
import { asset, clip, sampleProject } from '../../model/fixtures.js';

const AT = '2026-05-01T09:30:00.000Z';
/** An absolute IRI: a scheme, a colon, no spaces. */
const IRI = /^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`]+$/i;
/** A temporal Media Fragment in seconds (NPT): `t=start[,end]`, `npt:` optional. */
const TEMPORAL = /^t=(?:npt:)?(\d+(?:\.\d+)?)(?:,(\d+(?:\.\d+)?))?$/;

function reviewed(): EditorStore {
  const doc = sampleProject({ title: 'Spring sale', assets: [asset('a-c1'), asset('a-c2'), { ...asset('a-c3'), duration_s: 6 }] });
  const store = createEditorStore({ project: { ...doc, clips: [...doc.clips, clip('c3', null, 12)] } as ProjectDocument });
  store.dispatch({ type: 'session/role', role: 'creator', user: { id: 'u-dana', name: 'Dana Client', role: 'client' } });
  store.dispatch({ type: 'review/comment', id: 'k1', at: AT, body: 'Too fast <b>here</b>', start: 12.5, end: 14 });
  store.dispatch({ type: 'review/comment', id: 'k2', at: AT, body: 'Point', start: 3.5, end: 3.5 });
  store.dispatch({ type: 'session/role', role: 'creator', user: { id: 'u-sam', name: 'Sam' } });
  store.dispatch({ type: 'review/comment', id: 'k3', at: '2026-05-02T10:00:00Z', body: 'Slowed it down', thread: 'k1' });
  return store;
}

/** The W3C model's required fields of an Annotation, and those this export promises. */
function checkAnnotation(annotation: ReviewAnnotation): void {
  assert.equal(annotation['@context'], ANNOTATION_CONTEXT);
  assert.match(annotation.id, IRI);
  assert.equal(annotation.type, 'Annotation');
  assert.ok(annotation.target !== undefined, 'a target');
  const targets = Array.isArray(annotation.target) ? annotation.target : [annotation.target];
  const media = targets.find((target): target is Exclude<typeof target, string> => typeof target === 'object');
  assert.ok(media, 'a media target');
  assert.match(media.source, IRI);
  assert.equal(media.selector.type, 'FragmentSelector');
  assert.equal(media.selector.conformsTo, MEDIA_FRAGMENTS);
  const [, start, end] = TEMPORAL.exec(media.selector.value) ?? assert.fail(`not a temporal fragment: ${media.selector.value}`);
  if (end !== undefined) assert.ok(Number(start) < Number(end), 'a range ends after it starts');
  assert.equal(annotation.body.type, 'TextualBody');
  assert.equal(annotation.body.format, 'text/plain');
  assert.equal(typeof annotation.body.value, 'string');
  assert.ok(!Number.isNaN(Date.parse(annotation.created)));
}

describe('reviewAnnotations', () => {
  before(() => import('../../../src/model/review.js'));

  it('is an AnnotationCollection of valid Annotations, each comment at its range, a reply targeting its thread too', () => {
    const store = reviewed();
    const collection = reviewAnnotations(store.getState().project, { source: 'https://cdn.example/spots/{version}.wav' });
    assert.equal(collection['@context'], ANNOTATION_CONTEXT);
    assert.equal(collection.type, 'AnnotationCollection');
    assert.match(collection.id, IRI);
    assert.equal(collection.total, 3);
    assert.equal(collection.first.type, 'AnnotationPage');
    const [first, point, reply] = collection.first.items;
    for (const annotation of collection.first.items) checkAnnotation(annotation);
    assert.deepEqual(first!.target, { source: 'https://cdn.example/spots/v1.wav', selector: { type: 'FragmentSelector', conformsTo: MEDIA_FRAGMENTS, value: 't=12.5,14' } });
    assert.equal(first!.body.value, 'Too fast <b>here</b>', 'text kept as it is: plain text, never markup');
    assert.deepEqual(first!.creator, first!.body.creator);
    assert.equal(first!.creator.name, 'Dana Client');
    assert.equal(first!.motivation, 'commenting');
    assert.equal((point!.target as { selector: { value: string } }).selector.value, 't=3.5');
    assert.equal(reply!.motivation, 'replying');
    assert.ok(Array.isArray(reply!.target));
    assert.equal((reply!.target as readonly unknown[])[0], first!.id);
    assert.equal(reply!.creator.name, 'Sam');
    assert.equal(new Set(collection.first.items.map((item) => item.id)).size, 3, 'distinct ids');
    assert.doesNotThrow(() => JSON.parse(JSON.stringify(collection)));
  });

  it('follows the clip: the fragment is where the comment is now; default IRIs are tag: IRIs of the project', () => {
    const store = reviewed();
    store.dispatch({ type: 'clip/move', id: 'c3', start: 14 });
    const collection = reviewAnnotations(store.getState().project);
    const target = collection.first.items[0]!.target as { source: string; selector: { value: string } };
    assert.equal(target.selector.value, 't=14.5,16');
    assert.equal(target.source, 'tag:service-studio-editor,2026:p-1/versions/v1');
    for (const annotation of collection.first.items) checkAnnotation(annotation);
    const sourced = reviewAnnotations(store.getState().project, { source: (version) => `https://x.example/${version}.mp3`, base: 'https://host.example/review/' });
    assert.equal((sourced.first.items[1]!.target as { source: string }).source, 'https://x.example/v1.mp3');
    assert.equal(sourced.first.items[0]!.id, 'https://host.example/review/annotations/k1');
  });

  it('writes NPT seconds with at most 3 decimals, and a point as an open range', () => {
    assert.equal(mediaFragment(12.5, 14), 't=12.5,14');
    assert.equal(mediaFragment(0, 1 / 3), 't=0,0.333');
    assert.equal(mediaFragment(2, 2), 't=2');
    assert.equal(mediaFragment(2, 2.0001), 't=2');
  });
});
