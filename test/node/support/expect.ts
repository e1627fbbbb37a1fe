// chai's `expect` for the node tests that were browser tests (DOM-free logic that runs once, here, not once per
// engine): the same chai build @open-wc/testing gives the browser tests, so their assertions read the same.
// The package names no entry Node can load (its `main` is absent), so its ES module build is imported by path.
export { expect } from '@esm-bundle/chai/esm/chai.js';
