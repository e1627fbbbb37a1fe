// `studio-batch` run in this process as bin/studio-batch.mjs runs it, its output kept; and the files a run left.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runBatchCli } from '../../../src/batch/cli.js';

export interface BatchCliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npx studio-batch ...args` with `env` (the key in `STUDIO_API_KEY`); stderr a terminal when `tty`. */
export async function runBatch(args: string[], env: Record<string, string> = {}, tty = false): Promise<BatchCliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runBatchCli(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text), isTTY: tty, columns: 100 }, env });
  return { code, stdout, stderr };
}

/** Every file under `dir`, relative and '/'-separated, sorted. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1).split('\\').join('/'))
    .sort();
}

/** `rows` as CSV (sku, product_name, price). */
export const csvOf = (rows: readonly (readonly string[])[]): string => ['sku,product_name,price', ...rows.map((row) => row.map((value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)).join(','))].join('\n');
