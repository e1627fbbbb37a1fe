// What a bench ran on: the same code measures 4 to 5 times slower on one 2-core machine of this workplace than on
// another (wavesurfer.js's first waveform, the start-up bench's peer: 116 ms on one, 26 ms on the other), so a
// figure is read beside its machine and its peer, never alone.
import { cpus, loadavg } from 'node:os';

/** The CPU's model, its cores and the load average now: `AMD EPYC, 2 cores, load 0.42`. */
export const machine = () => `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}`;
