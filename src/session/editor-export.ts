import type { AudioEngine, ExportOptions } from '../audio/engine.js';
import type { ExportedMix } from '../audio/export.js';
import type { MixPreview } from '../audio/mix-preview.js';
import type { ResolvedConfig } from '../config/types.js';
import { StudioError } from '../errors.js';
import { StudioExportEvent } from '../events/studio-export.js';
import type { ProjectDocument } from '../model/document.js';
import { exportRefusal } from './export-rules.js';

/** What an export reads from the editor, and where it reports. */
export interface ExportHost {
  /** The editor's config; undefined before a valid one. */
  readonly config: ResolvedConfig | undefined;
  /** The preview, whose speech timing the export checks; undefined before the audio started. */
  readonly preview: MixPreview | undefined;
  /** The audio engine, started now if it was not; undefined while the editor has not started. */
  audio(): Promise<AudioEngine | undefined>;
  /** The project to export. */
  project(): ProjectDocument;
  /** A `studio-error`. */
  error(error: StudioError): void;
  /** `studio-export`, dispatched on the element. */
  dispatch(event: Event): void;
}

/**
 * Exports the project: refused before anything renders when the editor has not started, the format is not
 * allowed or the speech would be cut; otherwise rendered, mastered and encoded by the engine, and announced
 * with `studio-export`. Speech cut short and the engine's own errors are also reported as `studio-error`;
 * a format the host did not allow is only thrown.
 */
export async function exportMix(host: ExportHost, options: ExportOptions): Promise<ExportedMix> {
  const config = host.config;
  const engine = await host.audio();
  if (engine === undefined || config === undefined) {
    throw new StudioError('not-ready', 'The editor has not started: give it a valid config and add it to the page before exporting.');
  }
  const project = host.project();
  const refusal = exportRefusal(config, project, (await host.preview?.speechTiming()) ?? null, options);
  if (refusal !== undefined) {
    // A format the host did not allow is the host's mistake; speech cut short is the user's to fix.
    if (refusal.code === 'speech-cut') host.error(refusal);
    throw refusal;
  }
  try {
    const exported = await engine.export(project, options);
    const { blob, format, fileName, measurement, compliance } = exported;
    host.dispatch(new StudioExportEvent({ blob, format, fileName, measurement, ...(compliance ? { compliance } : {}) }));
    return exported;
  } catch (error) {
    if (error instanceof StudioError) host.error(error);
    throw error;
  }
}
