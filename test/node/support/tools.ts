// The command-line tools a node test checks files against (scripts/lib/system-tools.mjs lists them, and
// `npm test` installs them as root on Debian). Missing, a test that needs one fails and says what to install:
// a skip would pass on a machine where the tool could be had.
import { SYSTEM_TOOLS } from '../../../scripts/lib/system-tools.mjs';

type ToolId = 'ffmpeg' | 'espeakNg' | 'unzip' | 'xmllint' | 'redis';
interface Tool {
  name: string;
  packages: string[];
  present(): boolean;
}

/** Throws, naming the package, unless every tool of `ids` is here. Call it first in a test (or its `before`). */
export function needTools(...ids: ToolId[]): void {
  const missing = ids.map((id) => (SYSTEM_TOOLS as Record<ToolId, Tool>)[id]).filter((tool) => !tool.present());
  if (missing.length > 0) {
    const packages = missing.flatMap((tool) => tool.packages).join(' ');
    throw new Error(`${missing.map((tool) => tool.name).join(' and ')} not installed: apt-get install -y ${packages} (npm test installs it when run as root on Debian).`);
  }
}
