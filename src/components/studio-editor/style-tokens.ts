import type { ResolvedConfig } from '../../config/types.js';

/**
 * Writes the editor's height and the config's theme tokens through the CSSOM (no style attribute, so a
 * strict CSP is satisfied), removing those `previous` wrote; returns the names written now.
 */
export function applyStyleTokens(style: CSSStyleDeclaration, config: ResolvedConfig, previous: readonly string[]): string[] {
  for (const name of previous) style.removeProperty(name);
  // `auto` fills the container: the host gives the height.
  style.setProperty('--_height', config.layout.height === 'auto' ? '100%' : config.layout.height);
  for (const [name, value] of Object.entries(config.theme.tokens)) style.setProperty(name, value);
  return ['--_height', ...Object.keys(config.theme.tokens)];
}
