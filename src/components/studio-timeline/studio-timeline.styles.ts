import { css } from 'lit';

/** Layout of `<studio-editor-timeline>`: tracks stacked under a ruler inside one horizontal scroller. */
export const timelineStyles = css`
  :host {
    display: block;
    position: relative;
    --_ruler: 30px;
    --_header: 22px;
    --_voice: 72px;
    --_music: 56px;
    --_clip: var(--studio-timeline-clip, #dbeafe);
    --_clip-border: var(--studio-timeline-clip-border, #1d4ed8);
    --_wave: var(--studio-timeline-wave, #1e3a8a);
    --_music-bg: var(--studio-timeline-music, #dcfce7);
    --_music-wave: var(--studio-timeline-music-wave, #166534);
    --_over: var(--studio-timeline-over, rgba(220, 38, 38, 0.14));
    --_over-line: var(--studio-timeline-over-line, var(--_danger, #b91c1c));
    --_playhead: var(--studio-timeline-playhead, #dc2626);
  }
  /* Track headers tall enough for a finger's mute and solo buttons. */
  @media (pointer: coarse) {
    :host {
      --_header: 44px;
    }
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    margin-bottom: 6px;
  }
  .bar button {
    min-width: 36px;
  }
  /* The span selected for a comment: a band over the ruler and the tracks; its times and actions in the bar. */
  .range {
    position: absolute;
    top: 0;
    bottom: 0;
    min-width: 2px;
    box-sizing: border-box;
    border-inline: 2px solid #b45309;
    background: rgba(245, 158, 11, 0.22);
    pointer-events: none;
    z-index: 2;
  }
  .range-bar {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    margin-inline-start: auto;
  }
  .range-times {
    font-variant-numeric: tabular-nums;
  }
  @media (pointer: coarse) {
    .range-bar button {
      min-height: 44px;
      min-width: 44px;
    }
  }
  .zoom {
    color: var(--_text-muted, #4b5563);
    font-variant-numeric: tabular-nums;
    font-size: max(11px, 0.9em);
  }
  .scroller {
    position: relative;
    overflow-x: auto;
    /* One finger scrolls; two zoom the timeline (not the page). */
    touch-action: pan-x pan-y;
    overflow-y: hidden;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: 6px;
    background: var(--_surface, #ffffff);
  }
  .content {
    position: relative;
    height: calc(var(--_ruler) + 2 * var(--_header) + var(--_voice) + var(--_music) + 8px);
  }
  .ruler {
    display: block;
    position: absolute;
    inset: 0 0 auto 0;
    height: var(--_ruler);
    border-bottom: 1px solid var(--_border, #d1d5db);
    cursor: pointer;
    touch-action: none;
    background-image: linear-gradient(to right, #9ca3af 1px, transparent 1px);
    background-repeat: repeat-x;
    background-position: 0 100%;
    /* Labels are drawn for a range around the view, which may reach past the content: never scroll there. */
    overflow: hidden;
  }
  /* The ruler's two lanes: flags (section starts, the target) on top, times below, small ticks at the bottom. */
  .tick {
    position: absolute;
    top: 12px;
    bottom: 0;
    border-left: 1px solid #6b7280;
    padding-left: 3px;
    font-size: 11px;
    line-height: 12px;
    color: #374151;
    white-space: nowrap;
    pointer-events: none;
  }
  /* A time label at the content's end: its text to the left of its line, not cut off. */
  .tick.before {
    transform: translateX(-100%);
    border-left: none;
    border-right: 1px solid #6b7280;
    padding: 0 3px 0 0;
  }
  .flag {
    position: absolute;
    top: 0;
    height: 12px;
    box-sizing: border-box;
    border-left: 2px solid #7c3aed;
    padding-left: 3px;
    font-size: 11px;
    line-height: 12px;
    color: var(--_marker, #5b21b6);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    pointer-events: none;
  }
  /* The review's comments: a band over the ruler's foot, from each comment's start to its end. */
  .comments {
    position: absolute;
    inset: 0 0 auto 0;
    height: 0;
    z-index: 3;
  }
  .comment-marker {
    position: absolute;
    top: calc(var(--_ruler) - 9px);
    height: 8px;
    min-height: 0;
    min-width: 0;
    margin: 0;
    padding: 0;
    box-sizing: border-box;
    border: 1px solid #92400e;
    border-radius: 2px;
    background: #f59e0b;
    cursor: pointer;
  }
  .comment-marker.resolved {
    background: var(--_surface, #ffffff);
  }
  .comment-marker:focus-visible {
    outline: 2px solid var(--_focus, #2563eb);
    outline-offset: 1px;
  }
  .flag.target-flag {
    border-left-color: var(--_over-line);
    color: var(--_over-line);
  }
  .flag.bare {
    width: 0;
    padding: 0;
  }
  /* The target's name to the left of its line. */
  .flag.target-flag.before {
    transform: translateX(-100%);
    border-left: none;
    border-right: 2px solid var(--_over-line);
    padding: 0 3px 0 0;
  }
  .silent .lane {
    opacity: 0.4;
  }
  .db-scale {
    position: sticky;
    left: 0;
    z-index: 5;
    width: 0;
    height: 100%;
    pointer-events: none;
  }
  .db-scale span {
    position: absolute;
    left: 2px;
    margin-top: -1px;
    font-size: 11px;
    line-height: 11px;
    color: var(--_marker, #5b21b6);
    white-space: nowrap;
    /* Readable over the waveform and the envelope's line. */
    padding: 0 2px;
    border-radius: 2px;
    background: color-mix(in srgb, var(--_surface, #ffffff) 80%, transparent);
  }
  .track {
    position: absolute;
    left: 0;
    right: 0;
  }
  .voice {
    top: calc(var(--_ruler) + 4px);
  }
  .music {
    top: calc(var(--_ruler) + var(--_header) + var(--_voice) + 8px);
  }
  .lane {
    position: relative;
  }
  .voice .lane {
    height: var(--_voice);
  }
  .music .lane {
    height: var(--_music);
  }
  .clip,
  .bed {
    display: block;
    position: absolute;
    top: 0;
    height: 100%;
    box-sizing: border-box;
    overflow: hidden;
    border-radius: 4px;
    touch-action: none;
    contain: strict;
  }
  .clip {
    /* Its width decides whether a finger's trim handles fit (below). */
    container: clip / inline-size;
    background: var(--_clip);
    border: 1px solid var(--_clip-border);
    cursor: grab;
  }
  .clip[aria-selected='true'] {
    box-shadow: inset 0 0 0 2px var(--_clip-border);
  }
  .clip:focus-visible {
    outline: 3px solid var(--_focus, #2563eb);
    outline-offset: 1px;
  }
  .clip.fixed {
    cursor: default;
    border-style: dotted;
  }
  .clip.over {
    border-color: var(--_over-line);
    border-style: dashed;
  }
  /* Two voices at once: a red edge and stripes over the clip, above its neighbour. */
  .clip.overlap {
    z-index: 1;
    border: 2px solid var(--_danger, #b91c1c);
    background-image: repeating-linear-gradient(135deg, transparent 0 6px, color-mix(in srgb, var(--_danger, #b91c1c) 22%, transparent) 6px 9px);
  }
  .bed {
    background: var(--_music-bg);
    border: 1px solid var(--_music-wave);
  }
  .wave {
    position: absolute;
    top: 0;
    height: 100%;
    pointer-events: none;
    /* Sized from outside: its waveform's layout never affects anything else. */
    contain: strict;
  }
  .label {
    position: absolute;
    left: 6px;
    bottom: 2px;
    font-size: 11px;
    color: #111827;
    pointer-events: none;
    white-space: nowrap;
  }
  .handle {
    position: absolute;
    top: 0;
    width: 8px;
    height: 100%;
    cursor: ew-resize;
    z-index: 2;
  }
  /* A finger's trim handles are 44 px wide, on a clip wide enough to keep room between them to move it. */
  @media (pointer: coarse) {
    .handle {
      width: 44px;
    }
    @container clip (max-width: 131px) {
      .handle {
        display: none;
      }
    }
  }
  /*
   * A finger sets fades, a clip's gain and the ducking depth with 44 px sliders (the clip inspector under the
   * timeline, the Music and Mix panels): the knobs and lines, too small for it, are a mouse's. The lines stay
   * drawn; a finger on one moves the clip, or the bed's gain, beneath.
   */
  @media (pointer: coarse) {
    .knob {
      display: none;
    }
    .gain,
    .duck {
      pointer-events: none;
    }
  }
  .handle.trim-in {
    left: 0;
  }
  .handle.trim-out {
    right: 0;
  }
  .handle:hover,
  .clip[aria-selected='true'] .handle {
    background: rgba(29, 78, 216, 0.25);
  }
  .knob {
    position: absolute;
    top: 0;
    width: 10px;
    height: 10px;
    margin-left: -5px;
    border-radius: 50%;
    background: #ffffff;
    border: 2px solid currentColor;
    box-sizing: border-box;
    cursor: ew-resize;
    z-index: 3;
  }
  .gain {
    position: absolute;
    left: 0;
    right: 0;
    height: 7px;
    margin-top: -3px;
    cursor: ns-resize;
    z-index: 2;
    background: linear-gradient(transparent 3px, rgba(17, 24, 39, 0.45) 3px, rgba(17, 24, 39, 0.45) 4px, transparent 4px);
  }
  svg.fades,
  svg.envelope {
    position: absolute;
    left: 0;
    top: 0;
    pointer-events: none;
    overflow: visible;
  }
  .fades path {
    fill: rgba(17, 24, 39, 0.18);
  }
  .envelope path {
    fill: none;
    stroke: #7c3aed;
    stroke-width: 2;
  }
  .duck {
    position: absolute;
    left: 0;
    right: 0;
    height: 9px;
    margin-top: -4px;
    cursor: ns-resize;
    z-index: 4;
  }
  .duck:hover {
    background: rgba(124, 58, 237, 0.2);
  }
  .target {
    position: absolute;
    top: 0;
    bottom: 0;
    width: 0;
    border-left: 2px solid var(--_over-line);
    pointer-events: none;
    z-index: 5;
  }
  .over-zone {
    position: absolute;
    top: var(--_ruler);
    bottom: 0;
    background: repeating-linear-gradient(135deg, var(--_over) 0 6px, transparent 6px 12px);
    pointer-events: none;
    z-index: 1;
  }
  .playhead {
    position: absolute;
    top: 0;
    bottom: 0;
    left: 0;
    width: 2px;
    margin-left: -1px;
    background: var(--_playhead);
    pointer-events: none;
    z-index: 6;
    will-change: transform;
  }
`;
