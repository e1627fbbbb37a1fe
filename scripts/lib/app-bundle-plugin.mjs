// @web/test-runner plugin: serves `/__apps/<name>.js`, the test app `test/apps/<name>/main.ts` bundled with
// esbuild as a production build (React's production code, one copy of Lit), the way a host app would ship
// the editor: it imports the package by name, so the built `dist/` is what runs. Built on request and kept
// for the run.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PREFIX = '/__apps/';

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function appBundlePlugin() {
  const built = new Map();
  return {
    name: 'studio-app-bundles',
    async serve(context) {
      if (!context.path.startsWith(PREFIX) || !context.path.endsWith('.js')) return undefined;
      const name = context.path.slice(PREFIX.length, -3);
      if (!/^[a-z0-9-]+$/.test(name)) return undefined;
      const entry = fileURLToPath(new URL(`../../test/apps/${name}/main.ts`, import.meta.url));
      if (!existsSync(entry)) return undefined;
      if (!built.has(name)) {
        built.set(
          name,
          build({
            entryPoints: [entry],
            bundle: true,
            format: 'esm',
            write: false,
            minify: true,
            target: 'es2022',
            define: { 'process.env.NODE_ENV': '"production"' },
            logLevel: 'silent',
          }).then((result) => result.outputFiles[0].text),
        );
      }
      return { type: 'js', body: await built.get(name) };
    },
  };
}
