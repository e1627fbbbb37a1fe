// What a version is called, for the views: in the model, since the session names versions in its refusals too.
export { lengthName, versionName } from '../../model/version-name.js';
