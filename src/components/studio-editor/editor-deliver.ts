// The editor's delivery: readiness and refusals, the engine's pipeline with the ZIP filled as files finish,
// the manifest and report, the `studio-deliver` event. The element's `deliver()` and the Deliver panel run it.
import { versionCampaign } from '../../model/versions.js';
import type { DeliveredAudioFile, DeliveredStemFile, DeliveryResult } from '../../audio/deliver/deliver.js';
import type { AudioEngine } from '../../audio/engine.js';
import type { ResolvedConfig } from '../../config/types.js';
import type { CampaignFields, DeliveryManifest, DestinationProfile } from '../../delivery/types.js';
import { StudioError } from '../../errors.js';
import { StudioDeliverEvent } from '../../events/studio-deliver.js';
import type { ProjectDocument } from '../../model/document.js';
import type { DeliverOptions, DeliveryRun } from '../studio-deliver-panel/deliver-run.js';
import { deliveryManifest, finishZip, nameValues, zipFileName } from './deliver-pack.js';

/** What a delivery reads of the editor. */
export interface DeliverHost {
  /** The resolved config now; undefined before a valid one. */
  config(): ResolvedConfig | undefined;
  /** The audio engine, started if it was not. */
  engine(): Promise<AudioEngine | undefined>;
  /** The project now. */
  project(): ProjectDocument;
  /** Fires an event from the editor (`studio-deliver`). */
  dispatch(event: Event): void;
  /** Reports an error as `studio-error`. */
  emitError(error: StudioError): void;
}

/** The destinations `ids` names, in the config's order; a refusal for an unknown id or none. */
function chosenDestinations(config: ResolvedConfig, ids: readonly string[]): DestinationProfile[] {
  const known = config.delivery.destinations;
  const unknown = ids.filter((id) => !known.some((destination) => destination.id === id));
  if (unknown.length > 0) {
    throw new StudioError('deliver-destination', `No destination ${unknown.map((id) => JSON.stringify(id)).join(', ')} (known: ${known.map((d) => d.id).join(', ')}): add it in config.delivery.destinations.`);
  }
  const chosen = known.filter((destination) => ids.includes(destination.id));
  if (chosen.length === 0) throw new StudioError('deliver-none', 'No destination to deliver to: pass destinations, or choose some in the Deliver panel.', { recoverable: true });
  return chosen;
}

/** What a delivery made, and what its manifest is built from. */
interface Made {
  readonly project: ProjectDocument;
  readonly campaign: CampaignFields;
  readonly result: { readonly files: readonly DeliveredAudioFile[]; readonly stems: readonly DeliveredStemFile[] };
  readonly createdAt: Date;
  readonly fileName: string;
}

/**
 * Delivers the project to its chosen destinations (or `options.destinations`): one ZIP with each passing
 * file, `manifest.json`, `report.html` and the stems when asked; fires `studio-deliver`. Files that fail a
 * rule stay out (the run's `repack` puts them in). A file that could not be made is reported (studio-error)
 * and the others are delivered. Aborted, it rejects with the signal's reason and keeps nothing.
 */
export async function deliverAd(host: DeliverHost, options: DeliverOptions): Promise<DeliveryRun> {
  const config = host.config();
  const engine = await host.engine();
  if (engine === undefined || config === undefined) {
    throw new StudioError('not-ready', 'The editor has not started: give it a valid config and add it to the page before delivering.');
  }
  if (!config.tools.deliver) throw new StudioError('deliver-off', 'Delivery is switched off by config.tools.deliver.');
  const project = host.project();
  const campaign: CampaignFields = versionCampaign(project);
  const destinations = chosenDestinations(config, options.destinations ?? project.delivery.destinations);
  const createdAt = new Date();
  const { openDeliveryZip } = await import('../../audio/deliver/zip.js');
  const zip = openDeliveryZip({ signal: options.signal });
  let result: DeliveryResult;
  try {
    result = await engine.deliver(project, {
      destinations,
      campaign,
      stems: options.stems ?? project.delivery.stems,
      signal: options.signal,
      // The files are named from their destinations' templates, with this date.
      date: createdAt,
      // Each passing file and each stem goes in as it finishes.
      sink: zip,
      onProgress: ({ file, stage }) => {
        if (stage !== 'failed') options.onProgress?.({ file: typeof file === 'number' ? destinations[file]!.id : `stem-${file}`, stage });
      },
    });
    for (const failure of result.failures) host.emitError(failure.error);
    if (result.files.length === 0 && result.stems.length === 0) {
      throw new StudioError('deliver-failed', `No file could be made: ${result.failures.map((failure) => `${failure.fileName}: ${failure.error.message}`).join('; ')}`, { recoverable: true });
    }
  } catch (error) {
    zip.abort();
    if (error instanceof StudioError && !options.signal?.aborted) host.emitError(error);
    throw error;
  }
  const made: Made = { project, campaign, result, createdAt, fileName: zipFileName(nameValues(project, campaign, createdAt)) };
  const manifest = deliveryManifest(project, campaign, result, new Set(), createdAt);
  const blob = await finishZip(zip, manifest, project);
  options.signal?.throwIfAborted();
  return delivered(host, made, manifest, blob);
}

/** The run the caller gets, with `studio-deliver` fired; its `repack` makes the ZIP again with failed files included. */
function delivered(host: DeliverHost, made: Made, manifest: DeliveryManifest, zip: Blob): DeliveryRun {
  const { project, campaign, result, createdAt, fileName } = made;
  host.dispatch(new StudioDeliverEvent({ manifest, zip, fileName }));
  return {
    zip,
    fileName,
    manifest,
    files: new Map([...result.files.map((file) => [file.fileName, file.bytes] as const), ...result.stems.map((stem) => [stem.fileName, stem.bytes] as const)]),
    repack: async (includeAnyway) => {
      const { openDeliveryZip } = await import('../../audio/deliver/zip.js');
      const again = openDeliveryZip();
      const included = new Set(includeAnyway);
      for (const file of result.files) if (file.pass || included.has(file.destination.id)) again.add(file.fileName, file.bytes);
      for (const stem of result.stems) again.add(stem.fileName, stem.bytes);
      const next = deliveryManifest(project, campaign, result, included, createdAt);
      return delivered(host, made, next, await finishZip(again, next, project));
    },
  };
}
