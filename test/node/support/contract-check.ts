// The contract check's command run in this process as bin/studio-contract-check.mjs runs it, its output kept; a
// service that only counts what reaches it; and a fetch that notes every token the check is given.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '../../../src/node/contract-check-cli.js';

export interface CheckRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npx studio-contract-check ...args`: the key from `env` (`STUDIO_API_KEY`) or the args; a terminal when `tty`. */
export async function runCheck(args: string[], options: { env?: Record<string, string>; tty?: boolean; fetch?: typeof fetch } = {}): Promise<CheckRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: { write: (text: string) => (stdout += text), isTTY: options.tty ?? false },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? {},
    load: (file) => import(pathToFileURL(resolve(file)).href),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return { code, stdout, stderr };
}

/** A folder for adapters files; `write` gives a file's path. */
export function adaptersFolder(): { write(name: string, source: string): string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'contract-check-'));
  return {
    write(name, source) {
      writeFileSync(join(dir, name), source);
      return join(dir, name);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** An HTTP server on loopback that answers 500 to everything and counts the requests it got. */
export async function countingServer(): Promise<{ url: string; count(): number; close(): Promise<void> }> {
  let count = 0;
  const server = createServer((request, response) => {
    count += 1;
    request.resume();
    response.writeHead(500).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => count,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The global fetch, noting the token of every answer of `POST /v1/auth/token`: none may be printed. */
export function tokenSpy(): { fetch: typeof fetch; tokens: string[]; bodies: Map<string, string> } {
  const tokens: string[] = [];
  const bodies = new Map<string, string>();
  return {
    tokens,
    bodies,
    fetch: async (input, init) => {
      if (typeof init?.body === 'string') bodies.set(new URL(String(input)).pathname, init.body);
      const response = await fetch(input, init);
      if (String(input).endsWith('/v1/auth/token') && response.ok) {
        const { token } = (await response.clone().json()) as { token?: string };
        if (typeof token === 'string') tokens.push(token);
      }
      return response;
    },
  };
}
