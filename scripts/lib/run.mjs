// Runs a command from node_modules/.bin (or the PATH) with inherited output; rejects on a non-zero exit.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function run(command, args = [], options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: options.stdio ?? 'inherit',
      env: { ...process.env, PATH: `${root}node_modules/.bin:${process.env.PATH}`, ...options.env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve(output) : reject(Object.assign(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`), { output })),
    );
  });
}
