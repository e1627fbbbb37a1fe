// `npm start`: the demo pages + reference host backend on STUDIO_PORT (default 8080) and the service emulator
// on STUDIO_API_PORT (default 8081), both on loopback. No account, no internet.
import { Faults } from './emulator/faults.js';
import { PortBusyError, startServers } from './servers.js';

const env = process.env;

function port(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`${name} must be a port number from 0 to 65535, got "${env[name]}".`);
    process.exit(2);
  }
  return value;
}

function positive(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a number above 0, got "${env[name]}".`);
    process.exit(2);
  }
  return value;
}

const shape = env['STUDIO_HOST_TOKEN_SHAPE'] ?? 'token';
if (shape !== 'token' && shape !== 'accessToken') {
  console.error(`STUDIO_HOST_TOKEN_SHAPE must be "token" or "accessToken", got "${shape}".`);
  process.exit(2);
}

try {
  const servers = await startServers({
    host: env['STUDIO_HOST'] ?? '127.0.0.1',
    hostPort: port('STUDIO_PORT', 8080),
    apiPort: port('STUDIO_API_PORT', 8081),
    extraOrigins: (env['STUDIO_ALLOWED_ORIGINS'] ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
    shape,
    emulator: {
      apiKey: env['STUDIO_API_KEY'] || 'local-dev-key',
      tokenTtlS: positive('STUDIO_TOKEN_TTL_S', 90),
      jobStepMs: positive('STUDIO_JOB_STEP_MS', 800),
      creditsPerUser: positive('STUDIO_CREDITS', 1000),
    },
  });
  try {
    servers.emulator.state.faults.set(Faults.fromEnv(env));
  } catch (error) {
    console.error(`A STUDIO_FAULT_* setting is wrong: ${(error as Error).message}`);
    await servers.close();
    process.exit(2);
  }
  console.log(`Service emulator (the service, API key from STUDIO_API_KEY): ${servers.emulator.url}/v1/`);
  console.log(`Host application (demo pages + /host/token, /host/refresh): ${servers.hostUrl}/`);
  console.log(`\nOpen ${servers.hostUrl}/demo/  (Ctrl-C stops both)`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the demo servers.');
    void servers.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof PortBusyError) console.error(error.message);
  else console.error(`The demo servers could not start: ${(error as Error).message}`);
  process.exit(1);
}
