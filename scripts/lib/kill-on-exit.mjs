// Ends a helper process (Xvfb, WebKitWebDriver, pulseaudio) when this process ends, however the run was stopped.

/** @param {import('node:child_process').ChildProcess} child */
export function killOnExit(child) {
  const kill = () => child.kill();
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
}
