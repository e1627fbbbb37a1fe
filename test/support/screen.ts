// A whole editor on the service emulator in a viewport of the asked size, on a touch screen or with a mouse:
// the set-up and tear-down that the producer's-screen tests share (editor-screen, phone-touch).
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { SIDE_STORAGE_KEY } from '../../src/components/studio-panels/side-size.js';
import { create, type StudioHandle } from '../../src/create.js';
import { cleanupMounts, mountPoint } from './auth.js';
import { viewportWidth } from './engine.js';

export const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sizes the viewport (as narrow as the engine's window goes: see viewportWidth) and asks for the pointer kind (`studio-touch`); resolves true when the engine is that kind
 * of screen now (WebKitGTK is never a touch screen, and each Firefox of the run is the kind it was started as).
 * The side panel's remembered width is forgotten first, so each test starts from the default.
 */
export async function useScreen(screen: { width: number; height: number; touch: boolean }): Promise<boolean> {
  localStorage.removeItem(SIDE_STORAGE_KEY);
  await setViewport({ width: viewportWidth(screen.width), height: screen.height });
  const asked = (await executeServerCommand('studio-touch', { enabled: screen.touch })) === true;
  window.scrollTo(0, 0);
  return asked;
}

/** An editor of a new user and project on the emulator, `height` px tall, in a new mount point `id`; `config` is laid over. */
export function editorOnEmulator(id: string, height: number, config: Record<string, unknown> = {}): Promise<StudioHandle> {
  mountPoint(id);
  const user = `${id}-${crypto.randomUUID().slice(0, 8)}`;
  return create({
    target: `#${id}`,
    auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
    api: { baseUrl: apiBaseUrl as string },
    project: { id: user, autosave: false },
    layout: { height: `${height}px` },
    ...config,
  });
}

/** Destroys the editor and puts the page back: no mount points, no remembered side panel, a mouse, 800x600. */
export async function leaveScreen(handle: StudioHandle | undefined): Promise<void> {
  handle?.destroy();
  cleanupMounts();
  localStorage.removeItem(SIDE_STORAGE_KEY);
  await executeServerCommand('studio-touch', { enabled: false });
  await setViewport({ width: 800, height: 600 });
}
