/**
 * The built-in English text, by key. Every key can be overridden through `config.i18n.strings`;
 * `{name}` marks a value filled in at run time.
 */
export const en = {
  'editor.label': 'Audio ad editor',
  'editor.configError': 'The editor could not start because its configuration is wrong:',
  'toolbar.label': 'Editor toolbar',
  'toolbar.title': 'Project title',
  'panels.label': 'Workflow',
  'panel.recommend': 'Recommend',
  'panel.script': 'Script',
  'panel.voice': 'Voice',
  'panel.music': 'Music',
  'panel.mix': 'Mix',
  'panel.master': 'Master',
  'panel.export': 'Export',
  'status.ready': 'Ready',
} as const;

export type StringKey = keyof typeof en;

/** A complete catalogue: every key of the English one. */
export type Catalogue = Record<StringKey, string>;
