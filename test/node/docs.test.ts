// The reference in docs/ covers the whole public surface: every config key the validator accepts, every
// event of <studio-editor>, every CSS part and custom property in custom-elements.json. The lists come from
// the code itself (the validator is asked which keys each area has), so a new key fails here until it is
// written down.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { StudioConfigError } from '../../src/errors.js';
import { CONFIG_AREAS, resolveConfig } from '../../src/config/validate.js';
// config.review's checks are a chunk of their own (create() fetches them first): here, read with the rest.
import '../../src/config/review.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const docsDir = join(root, 'docs');
const page = (name: string) => readFileSync(join(docsDir, name), 'utf8');
const auth = { getToken: () => 't', refreshToken: () => 't' };

/** The keys the validator knows in one config area, read from its "unknown key" message. */
function keysOf(area: string): string[] {
  const config = { auth, [area]: { ...(area === 'auth' ? auth : {}), zzqxwvjk: 1 } };
  try {
    resolveConfig(config, { origin: 'https://host.example' });
  } catch (error) {
    assert.ok(error instanceof StudioConfigError, String(error));
    const match = new RegExp(`the keys of config\\.${area} are ([^\\n]+)`).exec(error.message);
    assert.ok(match, `no key list for config.${area} in: ${error.message}`);
    return match[1]!.split(', ').map((key) => key.trim());
  }
  assert.fail(`config.${area} accepted an unknown key`);
}

interface ManifestDeclaration {
  tagName?: string;
  cssParts?: Array<{ name: string }>;
  cssProperties?: Array<{ name: string }>;
  events?: Array<{ name: string }>;
}
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as {
  modules: Array<{ declarations?: ManifestDeclaration[] }>;
};
const editor = manifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === 'studio-editor');

describe('the reference in docs/', () => {
  it('names every config key in docs/config.md', () => {
    const config = page('config.md');
    const areas = CONFIG_AREAS.filter((area) => area !== 'target');
    const keys = areas.flatMap((area) => keysOf(area).map((key) => `${area}.${key}`));
    assert.ok(keys.length > 40, `only ${keys.length} keys found: is the probe still working?`);
    const missing = ['target', ...keys].filter((key) => !config.includes(`\`${key}\``));
    assert.deepEqual(missing, [], `config keys missing from docs/config.md: ${missing.join(', ')}`);
  });

  it('names every event of <studio-editor> with its detail', () => {
    assert.ok(editor, 'custom-elements.json has no studio-editor');
    const events = (editor.events ?? []).map((event) => event.name).filter((name) => name.startsWith('studio-'));
    assert.ok(events.length >= 7, `only ${events.length} events in custom-elements.json`);
    const api = page('api.md');
    const missing = events.filter((name) => !api.includes(`| \`${name}\` |`));
    assert.deepEqual(missing, [], `events missing from the table in docs/api.md: ${missing.join(', ')}`);
  });

  it('names every CSS part and custom property in docs/styling.md', () => {
    assert.ok(editor, 'custom-elements.json has no studio-editor');
    const styling = page('styling.md');
    const parts = (editor.cssParts ?? []).map((part) => part.name);
    const properties = (editor.cssProperties ?? []).map((property) => property.name);
    assert.ok(parts.length > 20 && properties.length > 5, 'custom-elements.json lists too few parts or properties');
    const missing = [...parts, ...properties].filter((name) => !styling.includes(`| \`${name}\` |`));
    assert.deepEqual(missing, [], `missing from the tables in docs/styling.md: ${missing.join(', ')}`);
  });

  it('links only to pages and anchors that exist', () => {
    const files = ['README.md', ...readdirSync(docsDir).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`)];
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#');
        const resolved = path === '' ? join(root, file) : join(root, file, '..', path!);
        let body: string;
        try {
          body = readFileSync(resolved, 'utf8');
        } catch {
          broken.push(`${file}: ${target}`);
          continue;
        }
        if (anchor !== undefined && !headingAnchors(body).includes(anchor)) broken.push(`${file}: ${target}`);
      }
    }
    assert.deepEqual(broken, [], `broken links: ${broken.join('; ')}`);
  });
});

/** GitHub's anchors of a markdown file's headings. */
function headingAnchors(markdown: string): string[] {
  return [...markdown.matchAll(/^#+\s+(.+)$/gm)].map(([, heading]) =>
    heading!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').replace(/\s/g, '-'),
  );
}
