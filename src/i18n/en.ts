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
  'recommend.heading': 'Start from your product',
  'recommend.source': 'Start from',
  'recommend.fromUrl': 'A web page',
  'recommend.fromProduct': 'A product description',
  'recommend.url': 'Product page URL',
  'recommend.urlHint': 'The page of the product or service to advertise.',
  'recommend.urlMissing': 'Enter the address of the product page.',
  'recommend.urlInvalid': 'Enter a full web address starting with https:// or http://, like https://shop.example.com/product.',
  'recommend.productName': 'Product name',
  'recommend.productNameMissing': 'Enter the name of the product.',
  'recommend.productDescription': 'Description',
  'recommend.productDescriptionHint': 'What it is, who it is for, what makes it worth buying.',
  'recommend.productDescriptionMissing': 'Describe the product in a sentence or two.',
  'recommend.duration': 'Ad length',
  'recommend.seconds': '{seconds} s',
  'recommend.custom': 'Custom',
  'recommend.customSeconds': 'Length in seconds',
  'recommend.durationInvalid': 'Choose a length from 5 to 120 seconds.',
  'recommend.count': 'Number of ideas',
  'recommend.submit': 'Get recommendations',
  'card.choose': 'Use this',
  'card.chosen': 'In use',
  'card.preview': 'Preview',
  'card.stopPreview': 'Stop preview',
  'card.voice': 'Voice',
  'card.music': 'Music',
  'card.length': 'Length',
  'job.cancel': 'Cancel',
  'job.state.queued': 'Waiting to start',
  'job.state.running': 'Working',
  'job.state.succeeded': 'Done',
  'job.state.failed': 'Failed',
  'job.state.cancelled': 'Cancelled',
  'job.percent': '{percent}%',
} as const;

export type StringKey = keyof typeof en;

/** A complete catalogue: every key of the English one. */
export type Catalogue = Record<StringKey, string>;
