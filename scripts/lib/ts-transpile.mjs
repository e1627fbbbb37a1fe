// A Rollup plugin that turns each TypeScript file into JavaScript on its own (ts.transpileModule), as tsc would emit
// it: the tsconfig has isolatedModules and verbatimModuleSyntax, so a file's output depends on that file alone. It
// checks no types: `tsc` does, in the build (the declarations, scripts/build.mjs) and in the suite (`types`).
// @rollup/plugin-typescript, used before, built and checked a program of the whole project for each of the build's
// 15 bundles (most of them one worker file): 83 s of the build's 90.
// Like that plugin, the helpers (the decorators' __decorate) come from tslib, once per bundle.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

const tslib = createRequire(import.meta.url).resolve('tslib/tslib.es6.js');

/** @param {{ tsconfig: string }} options */
export function typescriptTranspile({ tsconfig }) {
  const { config, error } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (error) throw new Error(`${tsconfig}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, dirname(resolve(tsconfig)));
  const compilerOptions = { ...options, importHelpers: true, noEmitHelpers: true, sourceMap: true, inlineSourceMap: false, inlineSources: true, declaration: false, declarationMap: false };
  return {
    name: 'typescript-transpile',
    resolveId(source, importer) {
      if (source === 'tslib') return tslib;
      // Sources import each other as the `.js` they become: here, the `.ts` beside it.
      if (importer && source.startsWith('.') && source.endsWith('.js')) {
        const file = resolve(dirname(importer), `${source.slice(0, -'.js'.length)}.ts`);
        if (existsSync(file)) return file;
      }
      return null;
    },
    transform(code, id) {
      if (!id.endsWith('.ts') || id.endsWith('.d.ts')) return null;
      const { outputText, sourceMapText } = ts.transpileModule(code, { fileName: id, compilerOptions, reportDiagnostics: false });
      return { code: outputText.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'), map: sourceMapText };
    },
  };
}
