/// <reference types="node" />
// The sandboxed processor of the row queue: BullMQ forks a process that imports this file and hands it jobs,
// one at a time, so a crash (or a runaway render) takes down one job and the worker starts another process.
// The store writes atomically: a process killed mid-file leaves no half file, and the retry (by any worker)
// skips the files already complete.
import { createRowRenderer } from '../render-row.js';
import { rowProcessing } from './row-processing.js';

export default rowProcessing(createRowRenderer);
