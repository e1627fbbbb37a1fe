// Generates custom-elements.json from the JSDoc of the elements in src/components/.

/** The analyzer also records `dispatchEvent(new SomeEvent())` calls as nameless events; `@fires` names them. */
const dropNamelessEvents = () => ({
  name: 'drop-nameless-events',
  packageLinkPhase({ customElementsManifest }) {
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
  plugins: [dropNamelessEvents()],
};
