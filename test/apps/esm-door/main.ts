// The npm import of the README, bundled by Vite for production: `create` and `endpointAuth` from the package.
import { create, endpointAuth } from 'service-studio-editor';
import type { Door } from '../door.js';

const door: Door = {
  async mount({ api, user, project, tokenUrl, refreshUrl }) {
    const editor = await create({
      target: '#editor',
      api: { baseUrl: api },
      auth: { userId: user, ...endpointAuth({ tokenUrl, refreshUrl }) },
      project: { id: project },
      layout: { height: '480px' },
    });
    return editor.element;
  },
};
window.door = door;
