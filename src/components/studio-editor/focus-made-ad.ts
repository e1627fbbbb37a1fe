// The focus on the made ad: its first clip on the timeline (a focusable option of the voice track), once the
// timeline has loaded and drawn the new clips. A timeline that is absent, hidden or never shows a clip within
// `timeoutMs` leaves the focus where it is, and so does a user typing in a field meanwhile. Timers, not
// frames: a page in the background still gets there.

const TIMELINE_PANEL = 'studio-editor-timeline-panel';
const POLL_MS = 50;

/** The first clip of the timeline in `root`, when it is there and shown. */
function madeAdTarget(root: ParentNode): HTMLElement | undefined {
  const panel = root.querySelector<HTMLElement>(TIMELINE_PANEL);
  if (panel === null || panel.hidden) return undefined;
  const timeline = panel.shadowRoot?.querySelector('studio-editor-timeline');
  return timeline?.shadowRoot?.querySelector<HTMLElement>('studio-editor-timeline-clip') ?? undefined;
}

/** Whether the focus (through shadow roots) is in a field the user types in. */
export function typing(doc: Document = document): boolean {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  if (active === null) return false;
  if (active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement) return true;
  if (active instanceof HTMLInputElement) return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'file', 'image', 'color'].includes(active.type);
  return (active as HTMLElement).isContentEditable === true;
}

/**
 * Moves the focus to the made ad in `root` (the editor's shadow root): waits for the timeline's module and
 * its render, looking every `POLL_MS`, for at most `timeoutMs`. Resolves whether the focus moved; `signal`, or
 * `root` leaving the page, stops it.
 */
export async function focusMadeAd(root: ParentNode, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<boolean> {
  const until = performance.now() + (options.timeoutMs ?? 5000);
  while (options.signal?.aborted !== true && root.isConnected && performance.now() < until) {
    const target = madeAdTarget(root);
    if (target !== undefined) {
      if (typing(root.ownerDocument ?? document)) return false;
      target.focus();
      target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}
