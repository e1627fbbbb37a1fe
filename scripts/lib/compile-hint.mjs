// V8's explicit compile hint (Chromium 136 and later): the first line of the script-tag build's entry, so that
// Chromium compiles the whole entry as it loads it, not function by function on first call inside the task that
// renders the editor (docs/benchmarks.md, Start-up). rollup.config.mjs writes it; checkSize() makes sure it is there.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
