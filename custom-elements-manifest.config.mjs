// Generates custom-elements.json from the JSDoc of the elements in src/components/.

/**
 * Makes the manifest deterministic and clean: modules sorted by path (the analyzer's file order varies
 * from run to run), and no nameless events (it records `dispatchEvent(new SomeEvent())` calls as events
 * without a name; `@fires` names them).
 */
const tidy = () => ({
  name: 'tidy',
  packageLinkPhase({ customElementsManifest }) {
    customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    for (const module of customElementsManifest.modules) {
      for (const declaration of module.declarations ?? []) {
        if (declaration.events) declaration.events = declaration.events.filter((event) => event.name);
      }
    }
  },
});

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.styles.ts', 'src/audio/**', 'src/model/**', 'src/auth/**', 'src/api/**'],
  outdir: '.',
  litelement: true,
  dependencies: false,
  packagejson: false,
  plugins: [tidy()],
};
