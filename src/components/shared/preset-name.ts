import type { DeliveryPresetId } from '../../delivery/presets.js';
import type { StringKey } from '../../i18n/en.js';
import type { Translate } from '../../i18n/translate.js';

/** The translated name of a preset. */
export const presetName = (t: Translate, id: DeliveryPresetId): string => t(`master.preset.${id}` as StringKey);
