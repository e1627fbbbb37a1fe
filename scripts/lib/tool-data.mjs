// Descriptions of <studio-editor> for tools, generated from custom-elements.json into dist/ at build time:
//   dist/vscode.html-custom-data.json  VS Code HTML custom data (tags, attributes, their values)
//   dist/vscode.css-custom-data.json   VS Code CSS custom data (the --studio-* properties, ::part() names)
//   dist/jsx.d.ts                      JSX types for React 19's native custom-element path
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './run.mjs';

const elementsOf = (manifest) =>
  manifest.modules.flatMap((module) => (module.declarations ?? []).filter((declaration) => declaration.tagName).map((declaration) => ({ module, declaration })));

/** `'light' | 'dark'` -> [{ name: 'light' }, { name: 'dark' }]; undefined for anything but string literals. */
function literalValues(typeText) {
  const parts = (typeText ?? '').split('|').map((part) => part.trim());
  return parts.length > 0 && parts.every((part) => /^'[^']*'$/.test(part)) ? parts.map((part) => ({ name: part.slice(1, -1) })) : undefined;
}

export function htmlCustomData(manifest) {
  return {
    version: 1.1,
    tags: elementsOf(manifest).map(({ declaration }) => ({
      name: declaration.tagName,
      description: declaration.description,
      attributes: (declaration.attributes ?? []).map((attribute) => {
        const values = literalValues(attribute.type?.text);
        return { name: attribute.name, description: attribute.description, ...(values ? { values } : attribute.type?.text === 'boolean' ? { valueSet: 'v' } : {}) };
      }),
      references: [{ name: 'Reference', url: 'https://github.com/service-studio/service-studio-editor/tree/main/docs' }],
    })),
  };
}

export function cssCustomData(manifest) {
  const elements = elementsOf(manifest).map(({ declaration }) => declaration);
  return {
    version: 1.1,
    properties: elements.flatMap((declaration) =>
      (declaration.cssProperties ?? []).map((property) => ({ name: property.name, description: `${property.description ?? ''}${property.default ? ` Default: ${property.default}.` : ''}`.trim() })),
    ),
    pseudoElements: elements.flatMap((declaration) =>
      (declaration.cssParts ?? []).map((part) => ({ name: `::part(${part.name})`, description: `<${declaration.tagName}>: ${part.description ?? ''}`.trim() })),
    ),
  };
}

/** React 19 sets props on custom elements as properties and listens to `on<event-name>` props. */
export function jsxTypes(manifest) {
  const lines = [
    '// Generated from custom-elements.json by the build: JSX types of <studio-editor> for React 19.',
    "import type { StudioEditor, StudioConfig } from './esm/index.js';",
    "import type * as Events from './esm/index.js';",
    '',
    'type StudioElementProps<E extends HTMLElement, Own> = Partial<Omit<import(\'react\').HTMLAttributes<E>, keyof Own>> & Own & {',
    "  ref?: import('react').Ref<E>;",
    '  key?: import(\'react\').Key;',
    '};',
    '',
  ];
  const props = [];
  for (const { declaration } of elementsOf(manifest)) {
    const own = [];
    for (const member of declaration.members ?? []) {
      if (member.kind !== 'field' || member.readonly || member.static) continue;
      const type = member.name === 'config' ? 'StudioConfig' : member.type?.text ?? 'unknown';
      own.push(`  /** ${(member.description ?? '').replace(/\*\//g, '* /')} */\n  ${member.name}?: ${type.replace(/ \| undefined$/, '')};`);
    }
    for (const event of declaration.events ?? []) {
      own.push(`  /** ${(event.description ?? '').replace(/\*\//g, '* /')} */\n  'on${event.name}'?: (event: Events.${event.type.text}) => void;`);
    }
    const name = `${declaration.name}JsxProps`;
    lines.push(`export interface ${name} {`, ...own, '}', '');
    props.push(`      '${declaration.tagName}': StudioElementProps<${declaration.name}, ${name}>;`);
  }
  lines.push(
    "declare module 'react' {",
    '  namespace JSX {',
    '    interface IntrinsicElements {',
    ...props,
    '    }',
    '  }',
    '}',
    '',
  );
  return lines.join('\n');
}

export function writeToolData() {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
  writeFileSync(join(root, 'dist/vscode.html-custom-data.json'), `${JSON.stringify(htmlCustomData(manifest), null, 2)}\n`);
  writeFileSync(join(root, 'dist/vscode.css-custom-data.json'), `${JSON.stringify(cssCustomData(manifest), null, 2)}\n`);
  writeFileSync(join(root, 'dist/jsx.d.ts'), jsxTypes(manifest));
}
