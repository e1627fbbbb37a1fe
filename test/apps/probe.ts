// Started first by each test app: records the workers the page starts and the warnings it prints, for
// test/apps/host-apps.test.ts to read (window.hostProbe). The app itself is unchanged by it. (A function,
// not an import for its side effects: the package's `sideEffects` list would let the bundler drop it.)
const probe = { workers: [] as string[], warnings: [] as string[] };

declare global {
  interface Window {
    hostProbe?: typeof probe;
  }
}

/** Installs the probe; call it before the app starts. */
export function startProbe(): void {
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      probe.workers.push(String(url));
    }
  };
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    probe.warnings.push(args.map(String).join(' '));
    warn(...args);
  };
  window.hostProbe = probe;
}
