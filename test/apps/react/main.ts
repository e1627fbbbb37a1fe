// A React 19 host app, built for production by the suite (scripts/lib/app-bundle-plugin.mjs): the editor as
// React 19 renders custom elements, with the README's pattern, an inline `config` object literal (new on
// every render) and inline `onstudio-*` handlers that set state, re-rendering on every `studio-change`.
import { startProbe } from '../probe.js';
import { createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { endpointAuth } from 'service-studio-editor';
import 'service-studio-editor/define';

startProbe();

const params = new URL(location.href).searchParams;
const auth = endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' });
const stats = { renders: 0, readies: 0, tokenCalls: 0, changes: 0 };

function App() {
  const [changes, setChanges] = useState(0);
  const [ready, setReady] = useState(false);
  stats.renders += 1;
  return createElement(
    'main',
    null,
    createElement('p', { id: 'state' }, `${ready ? 'ready' : 'starting'}, ${changes} changes`),
    createElement('studio-editor', {
      config: {
        api: { baseUrl: params.get('api')! },
        auth: {
          userId: params.get('user')!,
          getToken: (userId: string) => {
            stats.tokenCalls += 1;
            return auth.getToken(userId);
          },
          refreshToken: (expired: string) => auth.refreshToken(expired),
        },
        project: { id: params.get('project')!, title: 'React ad' },
        layout: { height: '480px' },
        theme: { accent: '#7c3aed' },
      },
      'onstudio-ready': () => {
        stats.readies += 1;
        setReady(true);
      },
      'onstudio-change': () => {
        stats.changes += 1;
        setChanges((count) => count + 1);
      },
    }),
  );
}

declare global {
  interface Window {
    hostApp?: typeof stats;
  }
}
window.hostApp = stats;
createRoot(document.getElementById('root')!).render(createElement(App));
