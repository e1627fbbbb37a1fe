// A Svelte 5 host app, compiled and built for production by the suite (scripts/lib/app-bundle-plugin.mjs).
import { startProbe } from '../probe.js';
import { mount } from 'svelte';
import 'service-studio-editor/define';
import App from './App.svelte';

startProbe();

declare global {
  interface Window {
    hostApp?: { renders: number; readies: number; tokenCalls: number; changes: number };
  }
}
window.hostApp = { renders: 0, readies: 0, tokenCalls: 0, changes: 0 };
mount(App, { target: document.getElementById('root')! });
