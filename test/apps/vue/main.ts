// A Vue 3 host app, built for production by the suite: the README's pattern, `:config.prop` bound to an
// object literal in the template (new on every render) and `@studio-*` listeners that change state.
import { startProbe } from '../probe.js';
import { createApp } from 'vue';
import { endpointAuth } from 'service-studio-editor';
import 'service-studio-editor/define';

startProbe();

const params = new URL(location.href).searchParams;
const auth = endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' });
const stats = { renders: 0, readies: 0, tokenCalls: 0, changes: 0 };

declare global {
  interface Window {
    hostApp?: typeof stats;
  }
}
window.hostApp = stats;

const app = createApp({
  data: () => ({ ready: false, changes: 0, baseUrl: params.get('api'), userId: params.get('user'), projectId: params.get('project') }),
  methods: {
    getToken(userId: string) {
      stats.tokenCalls += 1;
      return auth.getToken(userId);
    },
    refreshToken: (expired: string) => auth.refreshToken(expired),
    onReady(this: { ready: boolean }) {
      stats.readies += 1;
      this.ready = true;
    },
    onChange(this: { changes: number }) {
      stats.changes += 1;
      this.changes += 1;
    },
    counted() {
      stats.renders += 1;
      return '';
    },
  },
  template: `<main>{{ counted() }}
    <p id="state">{{ ready ? 'ready' : 'starting' }}, {{ changes }} changes</p>
    <studio-editor
      :config.prop="{ api: { baseUrl }, auth: { userId, getToken, refreshToken }, project: { id: projectId, title: 'Vue ad' }, layout: { height: '480px' }, theme: { accent: '#7c3aed' } }"
      @studio-ready="onReady" @studio-change="onChange"></studio-editor>
  </main>`,
});
app.config.compilerOptions.isCustomElement = (tag: string) => tag.startsWith('studio-');
app.mount('#root');
