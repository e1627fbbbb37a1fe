// The export's format and sample rate, the destinations an ad is delivered to and whether its stems go with it:
// the store's `project/set-delivery`, `delivery/destinations` and `delivery/stems`, added to the reducer when this
// module loads (with the Deliver panel, and by the editor once ready): none is needed to paint an editor.

import type { EditAction } from './actions.js';
import { DESTINATION_ID } from '../delivery/destinations.js';
import { MAX_CHOSEN_DESTINATIONS, type ProjectDocument } from './document.js';
import { StudioProjectError } from './project-error.js';
import { addEdits, patch } from './reducer.js';

/** Chosen destination ids, duplicates dropped; throws a `StudioProjectError` naming a malformed one. */
function checkedDestinations(given: readonly string[]): string[] {
  const path = 'project.delivery.destinations';
  if (!Array.isArray(given)) throw new StudioProjectError('project-invalid', [{ path, message: 'expected an array of destination ids' }]);
  const issues = given.flatMap((id: unknown, index) =>
    typeof id === 'string' && DESTINATION_ID.test(id) ? [] : [{ path: `${path}[${index}]`, message: 'expected a destination id (lower-case letters, digits and "-", at most 40)' }],
  );
  const ids = [...new Set(given)];
  if (ids.length > MAX_CHOSEN_DESTINATIONS) issues.push({ path, message: `expected at most ${MAX_CHOSEN_DESTINATIONS} destinations, got ${ids.length}` });
  if (issues.length > 0) throw new StudioProjectError('project-invalid', issues);
  return ids;
}

addEdits<Extract<EditAction, { type: 'project/set-delivery' | `delivery/${string}` }>>(['project/set-delivery', 'delivery/destinations', 'delivery/stems'], (doc, action): ProjectDocument => {
  if (action.type === 'project/set-delivery') {
    const delivery = patch<ProjectDocument['delivery']>(doc.delivery, action.delivery);
    return delivery === doc.delivery ? doc : { ...doc, delivery };
  }
  if (action.type === 'delivery/destinations') {
    const destinations = checkedDestinations(action.destinations);
    const same = destinations.length === doc.delivery.destinations.length && destinations.every((id, index) => id === doc.delivery.destinations[index]);
    return same ? doc : { ...doc, delivery: { ...doc.delivery, destinations } };
  }
  if (typeof action.stems !== 'boolean') throw new StudioProjectError('project-invalid', [{ path: 'project.delivery.stems', message: 'expected true or false' }]);
  return action.stems === doc.delivery.stems ? doc : { ...doc, delivery: { ...doc.delivery, stems: action.stems } };
});
