// Generates custom-elements.json: the public element of the package, <studio-editor>, as it ships.
// The analyzer reads the JSDoc of the TypeScript source (the shipped JS keeps no decorators to read); every
// path is then rewritten to the dist/esm module that ships it, so the manifest names only files in the package
// (test/node/package.test.ts checks each one exists after the build).

/** The elements meant for host pages. The others are internal (registered as studio-editor-*). */
const PUBLIC_TAGS = new Set(['studio-editor']);
const SCHEMA_VERSION = '2.1.0';

import { readFileSync } from 'node:fs';

/**
 * The parts of `<studio-editor>` as docs/styling.md lists them (its "Parts" table): the element's JSDoc
 * names its own structural parts, and the panels' parts, which it exports, are kept in that one table.
 */
function documentedParts() {
  const doc = readFileSync(new URL('./docs/styling.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Parts\n'), doc.indexOf('\n## ', doc.indexOf('\n## Parts\n') + 1) >>> 0);
  return [...section.matchAll(/^\| `([a-z0-9-]+)` \| (.+) \|$/gm)].map(([, name, description]) => ({ description, name }));
}

const shipped = (path) => path.replace(/^src\//, 'dist/esm/').replace(/\.ts$/, '.js');

const publicOnly = () => ({
  name: 'public-only',
  packageLinkPhase({ customElementsManifest: manifest }) {
    manifest.schemaVersion = SCHEMA_VERSION;
    manifest.modules = manifest.modules
      .filter((module) => (module.declarations ?? []).some((declaration) => PUBLIC_TAGS.has(declaration.tagName)))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    for (const module of manifest.modules) {
      module.path = shipped(module.path);
      module.declarations = module.declarations.filter((declaration) => PUBLIC_TAGS.has(declaration.tagName));
      const names = new Set(module.declarations.map((declaration) => declaration.name));
      module.exports = (module.exports ?? [])
        .filter((entry) => names.has(entry.declaration?.name) || PUBLIC_TAGS.has(entry.name))
        .map((entry) => ({ ...entry, declaration: { ...entry.declaration, module: module.path } }));
      for (const declaration of module.declarations) {
        // Only the `studio-*` events of `@fires`: the analyzer also records each `dispatchEvent(new X(...))`
        // under a name guessed from the surrounding code.
        declaration.events = (declaration.events ?? []).filter((event) => event.name?.startsWith('studio-'));
        if (declaration.tagName === 'studio-editor') {
          const own = new Set((declaration.cssParts ?? []).map((part) => part.name));
          declaration.cssParts = [...(declaration.cssParts ?? []), ...documentedParts().filter((part) => !own.has(part.name))];
        }
        declaration.members = (declaration.members ?? []).filter((member) => member.privacy === undefined || member.privacy === 'public');
        // The tag is defined through a helper the analyzer does not follow: say so, for tools that map tags.
        module.exports.push({ kind: 'custom-element-definition', name: declaration.tagName, declaration: { name: declaration.name, module: module.path } });
      }
    }
  },
});

export default {
  globs: ['src/components/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.styles.ts'],
  outdir: '.',
  litelement: true,
  dependencies: false,
  packagejson: false,
  plugins: [publicOnly()],
};
