// A busy machine, to run a command under load (issue 55: the suite holds at load 8):
//   node scripts/busy.mjs [n=6] -- npm test
// starts n processes that each keep one core busy (a loop, at normal priority), runs the command, stops them when
// it ends (or on Ctrl-C), and exits with the command's code. The load average climbs to about n plus the command's
// own; `uptime` in another shell shows it.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const count = Number(split === 0 ? 6 : (args[0] ?? 6));
const command = split < 0 ? [] : args.slice(split + 1);
if (!(Number.isInteger(count) && count > 0) || command.length === 0) {
  console.error('usage: node scripts/busy.mjs [busy processes, default 6] -- <command> [arguments]');
  process.exit(2);
}

const spinners = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stop = () => {
  for (const spinner of spinners) spinner.kill('SIGKILL');
};
process.on('exit', stop);
console.log(`${count} busy processes started; running: ${command.join(' ')}`);
const started = Date.now();
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  stop();
  console.log(`under ${count} busy processes: ${command.join(' ')} ended (${signal ?? `exit ${code}`}) in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exitCode = code ?? 1;
});
