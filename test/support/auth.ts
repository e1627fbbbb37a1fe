import type { AuthConfig } from '../../src/config/types.js';

/** Auth callbacks that answer at once, for tests where auth is not the point. */
export const testAuth = (): AuthConfig => ({
  getToken: async () => 'test-token',
  refreshToken: async () => 'test-token-2',
});

/** A fresh mount point in the document, removed by `cleanupMounts()`. */
export function mountPoint(id: string): HTMLElement {
  const div = document.createElement('div');
  div.id = id;
  div.dataset['testMount'] = '';
  document.body.append(div);
  return div;
}

export function cleanupMounts(): void {
  for (const element of document.querySelectorAll('[data-test-mount]')) element.remove();
}
