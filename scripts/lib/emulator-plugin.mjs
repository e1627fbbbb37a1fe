// @web/test-runner plugin: starts the demo host application, the service emulator and the other service (a
// differently shaped service in front of the emulator, test/support/other-service/server.ts) on ephemeral
// loopback ports when the test server starts, stops them when it stops, and serves a virtual module that
// browser tests import to find them:
//
//   import { hostUrl, apiBaseUrl, emulatorAdmin, otherServiceUrl } from '/__studio-env.js';
//
// `hostUrl` is the test page's own origin: `/host/*` is forwarded to the host application, so the page calls
// its token endpoints same-origin, as a host page would. `apiBaseUrl` is the emulator (another origin, CORS).
// `emulatorAdmin` is the emulator's loopback admin base (`${emulatorAdmin}/faults`, `/reset`, `/state`).
// `otherServiceUrl` is the other service (another origin; CORS and tokens are the emulator's), which the
// editor reads through the adapters of test/fixtures/other-service-adapters.mjs.
// It also serves `/demo/env.js` as the demo server does, so demo pages load in a test.
import { tsImport } from 'tsx/esm/api';

export const STUDIO_ENV_PATH = '/__studio-env.js';

/** @returns {import('@web/test-runner').TestRunnerPlugin & { hostProxy: import('koa').Middleware; service: () => { baseUrl: string; apiKey: string } | undefined }} */
export function emulatorPlugin({ jobStepMs = 20, tokenTtlS = 90 } = {}) {
  let servers;
  let otherService;
  return {
    name: 'studio-emulator',

    /** The emulator's address and account key, for a server command that calls it server to server (batch-plugin.mjs). */
    service: () => (servers ? { baseUrl: servers.emulator.url, apiKey: servers.emulator.state.options.apiKey } : undefined),

    /**
     * Koa middleware to list in the config's `middleware` (it must run before the static files): forwards
     * `/host/*` to the host application, method, body and the two headers the endpoints read.
     */
    hostProxy: async (ctx, next) => {
      if (!ctx.path.startsWith('/host/') || !servers) return next();
      const chunks = [];
      for await (const chunk of ctx.req) chunks.push(chunk);
      const headers = {};
      for (const name of ['content-type', 'authorization']) if (ctx.get(name)) headers[name] = ctx.get(name);
      const response = await fetch(`${servers.hostUrl}${ctx.url}`, {
        method: ctx.method,
        headers,
        body: ['GET', 'HEAD'].includes(ctx.method) ? undefined : Buffer.concat(chunks),
      });
      ctx.status = response.status;
      ctx.set('content-type', response.headers.get('content-type') ?? 'application/octet-stream');
      ctx.body = Buffer.from(await response.arrayBuffer());
    },

    async serverStart({ config }) {
      const { startServers } = await tsImport('../../demo/server/servers.ts', import.meta.url);
      const port = config.port;
      const pageOrigins = [`http://${config.hostname ?? 'localhost'}:${port}`, `http://localhost:${port}`, `http://127.0.0.1:${port}`];
      servers = await startServers({ hostPort: 0, apiPort: 0, extraOrigins: pageOrigins, emulator: { jobStepMs, tokenTtlS, testRoutes: true } });
      const { startOtherService } = await tsImport('../../test/support/other-service/server.ts', import.meta.url);
      otherService = await startOtherService({ emulatorUrl: servers.emulator.url });
    },

    async serverStop() {
      await otherService?.close();
      otherService = undefined;
      await servers?.close();
      servers = undefined;
    },

    serve(context) {
      if (context.path === '/demo/env.js' && servers) {
        // The same script the demo server writes, so demo pages (the Embed Builder) run in tests too.
        return { type: 'js', body: `window.STUDIO_DEMO = Object.freeze(${JSON.stringify({ apiBaseUrl: servers.emulator.url })});\n` };
      }
      if (context.path !== STUDIO_ENV_PATH || !servers) return undefined;
      const origin = `${context.protocol}://${context.host}`;
      return {
        type: 'js',
        body: [
          `export const hostUrl = ${JSON.stringify(origin)};`,
          `export const apiBaseUrl = ${JSON.stringify(servers.emulator.url)};`,
          `export const emulatorAdmin = ${JSON.stringify(`${servers.emulator.url}/__emulator`)};`,
          `export const otherServiceUrl = ${JSON.stringify(otherService?.url)};`,
          '',
        ].join('\n'),
      };
    },
  };
}
