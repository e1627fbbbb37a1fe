// The review's comments as W3C Web Annotations (issue 42): a JSON-LD AnnotationCollection whose annotations
// point at each comment's time range on its version's audio with a Media Fragments selector (`t=12.5,14`), where
// the comment is now (it follows its clip). Pure: the element's `exportReview()` loads it when asked.

import type { ProjectDocument, ReviewComment, ReviewPerson } from './document.js';
import { commentRange } from './review-views.js';

/** The JSON-LD context of the Web Annotation Data Model. */
export const ANNOTATION_CONTEXT = 'http://www.w3.org/ns/anno.jsonld';
/** What a Media Fragments selector conforms to. */
export const MEDIA_FRAGMENTS = 'http://www.w3.org/TR/media-frags/';

/** Options of `reviewAnnotations`. */
export interface ReviewExportOptions {
  /**
   * The IRI of each version's audio, the annotations' target: a function of the version's id, or a string where
   * `{version}` stands for it (`https://cdn.example/spots/{version}.wav`). Default: a `tag:` IRI of the project
   * and the version.
   */
  readonly source?: string | ((version: string) => string);
  /** Where the annotations' ids start (`https://host.example/projects/p-1/review`); default a `tag:` IRI of the project. */
  readonly base?: string;
}

/** A creator of an annotation: the comment's author. */
export interface AnnotationAgent {
  readonly id: string;
  readonly type: 'Person';
  readonly name: string;
}

/** A time range of a version's audio. */
export interface AnnotationMediaTarget {
  readonly source: string;
  readonly selector: { readonly type: 'FragmentSelector'; readonly conformsTo: typeof MEDIA_FRAGMENTS; readonly value: string };
}

/** One comment as a Web Annotation. */
export interface ReviewAnnotation {
  readonly '@context': typeof ANNOTATION_CONTEXT;
  readonly id: string;
  readonly type: 'Annotation';
  /** `commenting` for a thread's first comment, `replying` for a reply. */
  readonly motivation: 'commenting' | 'replying';
  readonly created: string;
  readonly creator: AnnotationAgent;
  readonly body: { readonly type: 'TextualBody'; readonly value: string; readonly format: 'text/plain'; readonly creator: AnnotationAgent; readonly purpose: 'commenting' | 'replying' };
  /** The time range on the version's audio; a reply also targets the annotation it replies to (first). */
  readonly target: AnnotationMediaTarget | readonly [string, AnnotationMediaTarget];
}

/** The review as an AnnotationCollection with its one page of annotations, in the order made. */
export interface ReviewAnnotationCollection {
  readonly '@context': typeof ANNOTATION_CONTEXT;
  readonly id: string;
  readonly type: 'AnnotationCollection';
  readonly label: string;
  readonly total: number;
  readonly first: { readonly id: string; readonly type: 'AnnotationPage'; readonly startIndex: 0; readonly items: readonly ReviewAnnotation[] };
}

/** A number of seconds as Media Fragments' NPT writes it: at most 3 decimals, no trailing zeros (`12.5`, `14`). */
const npt = (seconds: number): string => String(Math.round(Math.max(0, seconds) * 1000) / 1000);

/**
 * The temporal Media Fragment of a range: `t=12.5,14`; a point (`end` at `start`) as `t=12.5` (from there: a
 * fragment must end after it starts).
 */
export const mediaFragment = (start: number, end: number): string => (npt(end) === npt(start) ? `t=${npt(start)}` : `t=${npt(start)},${npt(end)}`);

const agent = (person: ReviewPerson, base: string): AnnotationAgent => ({ id: `${base}/people/${encodeURIComponent(person.id)}`, type: 'Person', name: person.name });

/**
 * The comments of `doc` as a W3C Web Annotation JSON-LD AnnotationCollection: each comment an `Annotation` with
 * its body as a plain-text `TextualBody` by its author, `created` its time, and as target its version's audio
 * (`options.source`) with a `FragmentSelector` conforming to Media Fragments at the comment's range now (an
 * orphaned one where it was made). A reply is `replying` and targets the thread's first annotation too.
 */
export function reviewAnnotations(doc: ProjectDocument, options: ReviewExportOptions = {}): ReviewAnnotationCollection {
  const base = (options.base ?? `tag:service-studio-editor,2026:${encodeURIComponent(doc.project_id)}/review`).replace(/\/+$/, '');
  const given = options.source;
  const source =
    typeof given === 'function' ? given : given !== undefined ? (version: string) => given.replaceAll('{version}', encodeURIComponent(version)) : (version: string) => `tag:service-studio-editor,2026:${encodeURIComponent(doc.project_id)}/versions/${encodeURIComponent(version)}`;
  const idOf = (comment: ReviewComment) => `${base}/annotations/${encodeURIComponent(comment.id)}`;
  const byId = new Map(doc.review.comments.map((comment) => [comment.id, comment]));
  const items = doc.review.comments.map((comment): ReviewAnnotation => {
    const first = byId.get(comment.thread) ?? comment;
    const range = commentRange(doc, first);
    const reply = first !== comment;
    const creator = agent(comment.author, base);
    const media: AnnotationMediaTarget = { source: source(range.version), selector: { type: 'FragmentSelector', conformsTo: MEDIA_FRAGMENTS, value: mediaFragment(range.start, range.end) } };
    return {
      '@context': ANNOTATION_CONTEXT,
      id: idOf(comment),
      type: 'Annotation',
      motivation: reply ? 'replying' : 'commenting',
      created: comment.at,
      creator,
      body: { type: 'TextualBody', value: comment.body, format: 'text/plain', creator, purpose: reply ? 'replying' : 'commenting' },
      target: reply ? [idOf(first), media] : media,
    };
  });
  return {
    '@context': ANNOTATION_CONTEXT,
    id: base,
    type: 'AnnotationCollection',
    label: `Review of ${doc.title}`,
    total: items.length,
    first: { id: `${base}/page/1`, type: 'AnnotationPage', startIndex: 0, items },
  };
}
