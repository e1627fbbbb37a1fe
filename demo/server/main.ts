// `npm start`: serves the demo pages and the built editor on loopback.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './static.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const host = process.env.STUDIO_HOST ?? '127.0.0.1';
const port = Number(process.env.STUDIO_PORT ?? 8080);

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`STUDIO_PORT must be a port number from 0 to 65535, got "${process.env.STUDIO_PORT}".`);
  process.exit(2);
}

const server = createServer(async (request, response) => {
  try {
    if (request.url === '/' || request.url === '') {
      response.writeHead(302, { location: '/demo/' }).end();
      return;
    }
    if (await serveStatic(request, response, '/demo/', `${root}demo`)) return;
    if (await serveStatic(request, response, '/dist/', `${root}dist`)) return;
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
  } catch (error) {
    console.error('request failed:', error);
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('Internal error\n');
  }
});

server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') {
    console.error(`Port ${port} on ${host} is busy. Stop what uses it, or pick another: STUDIO_PORT=8090 npm start`);
  } else {
    console.error(`The demo server could not start: ${error.message}`);
  }
  process.exit(1);
});

server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`Service Studio Editor demo: open http://${host}:${actual}/demo/  (Ctrl-C stops it)`);
});

const stop = () => {
  console.log('\nStopping the demo server.');
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
