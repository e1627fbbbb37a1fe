// @web/test-runner plugin: serves `/__apps/<name>.js`, the test app `test/apps/<name>/main.ts` bundled with
// esbuild as a production build (React's production code, one copy of Lit), the way a host app would ship
// the editor: it imports the package by name, so the built `dist/` is what runs. Built on request and kept
// for the run.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { compile } from 'svelte/compiler';
import { fileURLToPath } from 'node:url';

const PREFIX = '/__apps/';

/** Compiles `.svelte` components for the browser (Svelte 5), as a Svelte app's bundler plugin would. */
const svelte = {
  name: 'svelte',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.svelte$/ }, (args) => ({
      contents: compile(readFileSync(args.path, 'utf8'), { filename: args.path, generate: 'client' }).js.code,
      loader: 'js',
    }));
  },
};

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
            define: { 'process.env.NODE_ENV': '"production"', __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
            conditions: ['browser', 'production'],
            // Vue's full build: the test app's template is compiled in the page, as with Vue's CDN build.
            alias: { vue: 'vue/dist/vue.esm-bundler.js' },
            plugins: [svelte],
            logLevel: 'silent',
          }).then((result) => result.outputFiles[0].text),
        );
      }
      return { type: 'js', body: await built.get(name) };
    },
  };
}
