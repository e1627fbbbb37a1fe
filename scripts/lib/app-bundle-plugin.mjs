// @web/test-runner plugin: serves `/__apps/<name>/…`, the test app `test/apps/<name>/` built by Vite in
// production mode, the way a host app ships the editor: it imports the package by name (the built `dist/`
// runs), Vite bundles it with the app's framework, one copy of Lit, and emits the render worker
// (`new Worker(new URL('./render-worker.js', import.meta.url))`) as a file of its own. Built on first request,
// once per run, into .cache/apps/<name>/.
//
// `/__apps/snippet.json?flavour=react|vue&code=<base64url>` builds the Embed Builder's code of that flavour as a
// host would paste it: the React one as `AdEditor.jsx` and the Vue one as `AdEditor.vue` (with the
// `isCustomElement` option its comment asks for), each mounted by a two-line entry, and answers the URL of the
// built page.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'svelte/compiler';
import vue from '@vitejs/plugin-vue';
import { build } from 'vite';

const PREFIX = '/__apps/';
const root = fileURLToPath(new URL('../..', import.meta.url));
const TYPES = { '.html': 'html', '.js': 'js', '.css': 'css', '.map': 'json', '.json': 'json' };

/** Compiles `.svelte` components for the browser (Svelte 5), as @sveltejs/vite-plugin-svelte would. */
const svelte = () => ({
  name: 'svelte-compile',
  transform(code, id) {
    if (!id.endsWith('.svelte')) return null;
    const { js } = compile(code, { filename: id, generate: 'client' });
    return { code: js.code, map: null };
  },
});

/** Builds one app for production; resolves to its output directory. */
async function buildApp(name, appRoot = join(root, 'test', 'apps', name), plugins = [svelte()]) {
  const outDir = join(root, '.cache', 'apps', name);
  await build({
    configFile: false,
    root: appRoot,
    base: `${PREFIX}${name}/`,
    mode: 'production',
    logLevel: 'warn',
    // Vue's full build: the test app's template is compiled in the page, as with Vue's CDN build.
    resolve: { alias: { vue: 'vue/dist/vue.esm-bundler.js' } },
    define: { __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
    plugins,
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false, reportCompressedSize: false },
  });
  return outDir;
}

const SNIPPET_ENTRIES = {
  react: {
    file: 'AdEditor.jsx',
    main: [
      "import { createElement } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import { AdEditor } from './AdEditor.jsx';",
      "createRoot(document.getElementById('root')).render(createElement(AdEditor, { onReady: () => (window.snippetReady = true) }));",
    ],
    plugins: () => [],
  },
  vue: {
    file: 'AdEditor.vue',
    main: [
      "import { createApp, h } from 'vue';",
      "import AdEditor from './AdEditor.vue';",
      "createApp({ render: () => h(AdEditor, { onReady: () => (window.snippetReady = true) }) }).mount('#root');",
    ],
    plugins: () => [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'studio-editor' } } })],
  },
};

/** Writes a pasted snippet into an app of its own and builds it; resolves to the app's name. */
async function buildSnippet(flavour, code) {
  const entry = SNIPPET_ENTRIES[flavour];
  const name = `snippet-${flavour}-${createHash('sha256').update(code).digest('hex').slice(0, 12)}`;
  const appRoot = join(root, '.cache', 'apps-src', name);
  mkdirSync(appRoot, { recursive: true });
  writeFileSync(join(appRoot, entry.file), code);
  writeFileSync(join(appRoot, 'main.js'), `${entry.main.join('\n')}\n`);
  writeFileSync(join(appRoot, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pasted snippet</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n');
  await buildApp(name, appRoot, entry.plugins());
  return name;
}

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function appBundlePlugin() {
  const built = new Map();
  return {
    name: 'studio-app-bundles',
    async serve(context) {
      if (context.path === `${PREFIX}snippet.json`) {
        const flavour = context.query.flavour;
        if (typeof flavour !== 'string' || !Object.hasOwn(SNIPPET_ENTRIES, flavour)) return undefined;
        const name = await buildSnippet(flavour, Buffer.from(String(context.query.code), 'base64url').toString('utf8'));
        built.set(name, Promise.resolve(join(root, '.cache', 'apps', name)));
        return { type: 'json', body: JSON.stringify({ url: `${PREFIX}${name}/index.html` }) };
      }
      if (!context.path.startsWith(PREFIX)) return undefined;
      const [name, ...rest] = context.path.slice(PREFIX.length).split('/');
      if (!/^[a-z0-9-]+$/.test(name ?? '')) return undefined;
      if (!built.has(name) && !existsSync(join(root, 'test', 'apps', name, 'index.html'))) return undefined;
      if (!built.has(name)) built.set(name, buildApp(name));
      const outDir = await built.get(name);
      const file = normalize(join(outDir, rest.join('/') || 'index.html'));
      if (!file.startsWith(outDir) || !existsSync(file)) return undefined;
      return { type: TYPES[extname(file)] ?? 'js', body: readFileSync(file, 'utf8') };
    },
  };
}
