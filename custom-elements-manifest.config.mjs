// Generates custom-elements.json from the JSDoc of the elements in src/components/.
export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.styles.ts', 'src/audio/**', 'src/model/**', 'src/auth/**', 'src/api/**'],
  outdir: '.',
  litelement: true,
  dependencies: false,
  packagejson: false,
};
