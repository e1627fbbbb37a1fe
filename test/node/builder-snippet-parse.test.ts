// The Embed Builder's React and Vue snippets parse: React as JSX through esbuild, Vue as a single-file
// component whose <script setup> is JavaScript and whose template binds the config as a DOM property.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transform } from 'esbuild';
import { generateSnippet } from '../../demo/builder/snippet.js';
import { defaultState } from '../../demo/builder/state.js';

function setups() {
  const busy = { ...defaultState(), locale: 'fr' as const, themeMode: 'dark' as const, accent: '#7c3aed', projectId: "it's </script>", apiBaseUrl: 'https://api.example.com', userId: 'never-me-9f3k' };
  busy.tools.upload = false;
  return [defaultState(), busy];
}

describe('Embed Builder React and Vue snippets', () => {
  it('the React snippet is valid JSX with the typed component, its config and onStudioReady', async () => {
    for (const state of setups()) {
      const code = generateSnippet(state, 'react', { version: '0.1.0' });
      assert.match(code, /^import \{ StudioEditor \} from 'service-studio-editor\/react';/);
      assert.match(code, /<StudioEditor config=\{config\} onStudioReady=\{/);
      const { code: js } = await transform(code, { loader: 'jsx', jsx: 'automatic', format: 'esm' });
      assert.match(js, /jsx\)?\(StudioEditor,/);
      assert.ok(!code.includes('never-me-9f3k'));
    }
  });

  it('the Vue snippet is a single-file component: a JavaScript <script setup> and a template with :config.prop', async () => {
    for (const state of setups()) {
      const code = generateSnippet(state, 'vue', { version: '0.1.0' });
      const script = /^<script setup>\n([\s\S]*?)\n<\/script>$/m.exec(code);
      assert.ok(script, 'one <script setup> block');
      await transform(script[1]!.replace('defineEmits', '(() => () => {})'), { loader: 'js', format: 'esm' });
      const template = /^<template>\n([\s\S]*?)\n<\/template>$/m.exec(code);
      assert.ok(template, 'one <template> block');
      assert.equal(template[1]!.trim(), `<studio-editor :config.prop="config" @studio-ready="emit('ready')" />`);
      assert.match(code, /isCustomElement: \(tag\) => tag === 'studio-editor'/);
      assert.equal(code.match(/<\/script>/g)?.length, 1, 'a value cannot close the script block');
      assert.ok(!code.includes('never-me-9f3k'));
    }
  });
});
