// The words of a voice clip under its waveform (issue 52): loaded the first time a clip with words is drawn, so
// the timeline's own code stays as small as it was. Each word is a box from where it is heard, its text drawn by
// CSS from `data-word` (text, never HTML): the clip is an option named by its label, and a screen reader reaches
// the words with , and . instead, which say each one and its time. A press on one seeks there (`data-seek`, read
// by the drag controller); estimated ones are drawn dashed and in italics, with a tooltip.
import { css, html, nothing } from 'lit';
import { styleProps } from '../../internal/style-props.js';
import { round, wordFits } from './scale.js';
import type { TimelineClip } from './types.js';

/** The words' styles, added to the timeline's shadow root beside its own when the first words are drawn. */
const wordStyles = css`
  .words {
    position: absolute;
    bottom: 16px;
    height: 15px;
    pointer-events: none;
  }
  .word {
    position: absolute;
    top: 0;
    height: 100%;
    box-sizing: border-box;
    padding: 0 2px;
    overflow: hidden;
    white-space: nowrap;
    font-size: 11px;
    line-height: 14px;
    color: #111827;
    background: color-mix(in srgb, #ffffff 78%, transparent);
    border-left: 1px solid var(--_clip-border);
    cursor: pointer;
    pointer-events: auto;
  }
  .word::before {
    content: attr(data-word);
  }
  .word:hover {
    background: #ffffff;
  }
  .estimated .word {
    font-style: italic;
    border-left-style: dashed;
  }
`;

/** Adds the words' styles to `root` once. */
function adoptStyles(root: Node): void {
  const sheet = wordStyles.styleSheet;
  if (!(root instanceof ShadowRoot) || sheet === undefined || root.adoptedStyleSheets.includes(sheet)) return;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** What the clip's words layer is drawn with. */
export interface WordsView {
  readonly clip: TimelineClip;
  /** Pixels per second. */
  readonly zoom: number;
  /** The timeline's time range near the viewport, seconds: words outside it are not drawn. */
  readonly from: number;
  readonly to: number;
  /** Each estimated word's tooltip ("Time estimated"). */
  readonly estimatedHint: string;
}

/**
 * The words of `view.clip` heard between `from` and `to` that fit the zoom, placed from the take's start like its
 * waveform (so a trim or a move keeps them on their sound), in `host`, the clip element.
 */
export function clipWords(host: Element, { clip, zoom, from, to, estimatedHint }: WordsView) {
  const words = clip.words ?? [];
  const origin = clip.start - clip.trimIn;
  const heardFrom = Math.max(clip.trimIn, from - origin);
  const heardTo = Math.min(clip.trimIn + clip.length, to - origin);
  const shown = words.flatMap((word, at) => (word.end > heardFrom && word.start < heardTo && wordFits(words, at, zoom) ? [{ word, at }] : []));
  if (shown.length === 0) return nothing;
  adoptStyles(host.getRootNode());
  const estimated = clip.wordsEstimated === true;
  return html`<div class=${estimated ? 'words estimated' : 'words'} aria-hidden="true" style=${styleProps({ left: `${-clip.trimIn * zoom}px`, width: `${clip.sourceLength * zoom}px` })}>
    ${shown.map(({ word, at }) => {
      const room = (words[at + 1]?.start ?? word.end) - word.start;
      return html`<span class="word" data-word=${word.text} data-seek=${round(origin + word.start)} title=${estimated ? estimatedHint : nothing}
        style=${styleProps({ left: `${word.start * zoom}px`, width: `${room * zoom}px` })}></span>`;
    })}
  </div>`;
}
