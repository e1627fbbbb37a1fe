// What an export must not do, checked before anything renders: a format the host did not allow, or speech
// cut mid-word at the end of the ad (unless the caller says so with `allowSpeechCut`).
import type { ExportOptions } from '../audio/engine.js';
import type { SpeechTiming } from '../audio/timing-rules.js';
import type { ResolvedConfig } from '../config/types.js';
import { StudioError } from '../errors.js';
import type { ProjectDocument } from '../model/document.js';
import { speechPastEnd } from '../rules/limits.js';

/** Why this export is refused, or undefined when it may go ahead. */
export function exportRefusal(config: ResolvedConfig, project: ProjectDocument, timing: SpeechTiming | null, options: ExportOptions): StudioError | undefined {
  if (!config.tools.exportFormats.includes(options.format)) {
    const allowed = config.tools.exportFormats.join(', ') || 'none';
    return new StudioError('export-format', `Export as "${String(options.format)}" is not allowed by config.tools.export (allowed: ${allowed}).`);
  }
  if (!options.allowSpeechCut && timing && speechPastEnd(timing.speechEnd, project.duration) > 0) {
    const over = (timing.speechEnd - project.duration).toFixed(1);
    return new StudioError(
      'speech-cut',
      `The speech runs ${over} s past the end of the ${project.duration} s ad, so the export would cut it mid-word. Extend the ad (project/set-duration) or shorten the script, or pass allowSpeechCut: true.`,
      { recoverable: true },
    );
  }
  return undefined;
}
