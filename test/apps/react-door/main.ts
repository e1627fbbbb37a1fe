// `service-studio-editor/react` of the README, bundled by Vite for production, with `endpointAuth` from the
// `service-studio-editor/auth` entry.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { endpointAuth } from 'service-studio-editor/auth';
import { StudioEditor } from 'service-studio-editor/react';
import type { Door } from '../door.js';

const door: Door = {
  mount({ api, user, project, tokenUrl, refreshUrl }) {
    const auth = endpointAuth({ tokenUrl, refreshUrl });
    return new Promise((resolve) => {
      createRoot(document.getElementById('root')!).render(
        createElement(StudioEditor, {
          config: { api: { baseUrl: api }, auth: { userId: user, ...auth }, project: { id: project }, layout: { height: '480px' } },
          onStudioReady: (event: Event) => resolve(event.target as HTMLElement),
        }),
      );
    });
  },
};
window.door = door;
