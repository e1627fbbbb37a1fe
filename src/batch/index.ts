// `service-studio-editor/batch`: the editor's feed delivery in Node (docs/batch.md). A run on one machine
// (`renderBatch`, the command `studio-batch render`), and the seam a job queue builds on: a store, row jobs
// and their ids, one job rendered, the run's manifest and report.
export { loadBatchConfig, type BatchConfigFile } from './batch-config.js';
export { runBatchCli, runBatchProcess, BATCH_EXIT, BATCH_USAGE, type BatchCliIo } from './cli.js';
export { withFeedFile } from './feed-file.js';
export { createRowRenderer, type BatchService, type RowRendererOptions } from './render-row.js';
export { canonicalJson, rowJobId, templateId, type RowJob, type RowJobResult } from './row-job.js';
export { renderBatch, type BatchProgress, type BatchRun, type RenderBatchOptions } from './run.js';
export { writeRunReport } from './run-report.js';
export { s3LocationOf, s3Store, S3_CREDENTIAL_ENV, type S3Location } from './s3-store.js';
export { folderStore, storeOf } from './store.js';
export type { OutputStore } from './output-store.js';
export { loadTemplate, saveTemplate, templatePath } from './template-store.js';
export type { BatchVast } from './vast-settings.js';
