// The ES module build of @esm-bundle/chai has no types beside it: its `expect` is chai's (@types/chai, which the
// package's own chai.d.ts names).
/// <reference types="chai" />
declare module '@esm-bundle/chai/esm/chai.js' {
  export const expect: Chai.ExpectStatic;
}
