// `npx studio-contract-check` against the local service emulator: the token minted with the key, then each
// operation through the editor's own client and a host's adapters; the dry run sends nothing; the key and the
// tokens are never printed; usage errors exit 2 before anything is sent.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type Emulator } from '../../demo/server/emulator/server.js';
import type { ContractReport } from '../../src/node/contract-check.js';
import { statusText } from '../../src/node/contract-check-cli.js';
import { startOtherService } from '../support/other-service/server.js';
import { adaptersFolder, countingServer, runCheck, tokenSpy, type CheckRun } from './support/contract-check.js';
import { RAW_BREAK, RAW_CONTROL } from './support/raw-controls.js';

const KEY = 'sk-contract-check-7f3a91c2e4';
const OPERATIONS = ['voices', 'music', 'pricing', 'recommendUrl', 'job', 'recommendProduct', 'format', 'voiceover', 'mix', 'generate'];

/** None of `secrets` anywhere in what the command wrote. */
function assertNotPrinted(run: CheckRun, secrets: readonly string[]): void {
  for (const secret of secrets) {
    assert.ok(!run.stdout.includes(secret), 'a secret is on stdout');
    assert.ok(!run.stderr.includes(secret), 'a secret is on stderr');
  }
}

describe('studio-contract-check', () => {
  let emulator: Emulator;
  const files = adaptersFolder();
  const env = { STUDIO_API_KEY: KEY };
  before(async () => (emulator = await startEmulator({ apiKey: KEY, jobStepMs: 2 })));
  after(async () => {
    await emulator.close();
    files.remove();
  });

  it('passes every operation of the emulator, in order, and prints neither the key nor a token (--json)', async () => {
    const spy = tokenSpy();
    const run = await runCheck(['--base-url', emulator.url, '--json'], { env, fetch: spy.fetch });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const report = JSON.parse(run.stdout) as ContractReport;
    assert.equal(report.token.outcome, 'ok');
    assert.deepEqual(report.token.statuses, [200]);
    assert.deepEqual(report.operations.map((step) => [step.step, step.outcome]), OPERATIONS.map((operation) => [operation, 'ok']));
    assert.equal(report.passed, 10);
    const statuses = Object.fromEntries(report.operations.map((step) => [step.step, step.statuses]));
    assert.equal(statuses['recommendUrl']![0], 202, 'the recommendation is a job: 202, then its polls');
    assert.ok(statuses['recommendUrl']!.slice(1).every((status) => status === 200));
    assert.deepEqual(statuses['job'], [200]);
    assert.equal(run.stderr, '');
    assert.ok(spy.tokens.length >= 1, 'a token was minted');
    assertNotPrinted(run, [KEY, ...spy.tokens]);
    // The voice-over is asked for as the editor asks for a directed section: its words, and its SSML beside them.
    const voiceover = JSON.parse([...spy.bodies].find(([path]) => path.endsWith('/voiceover'))?.[1] ?? '{}') as { text?: string; ssml?: string };
    assert.match(voiceover.ssml ?? '', /<break time="0.5s"\/><\/speak>$/, JSON.stringify(voiceover));
    assert.ok(voiceover.text !== undefined && !voiceover.text.includes('[['), 'the words without the marks');
  });

  it('prints a table on a terminal, then the summary line', async () => {
    const run = await runCheck(['--base-url', emulator.url], { env, tty: true });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^ {2}Step +Result +HTTP +Time$/m);
    for (const operation of OPERATIONS) assert.match(run.stdout, new RegExp(`^ {2}${operation} +OK +[0-9]`, 'm'));
    assert.match(run.stdout, /^ {2}recommendUrl +OK +202 200/m);
    assert.match(run.stdout, /\n10 of 10 operations passed\n$/);
    assertNotPrinted(run, [KEY]);
  });

  it('fails at the token step with a wrong key, skips every operation, and does not print that key', async () => {
    const wrong = 'sk-wrong-key-0000-1111';
    const run = await runCheck(['--base-url', emulator.url, '--api-key', wrong]);
    assert.equal(run.code, 1);
    const lines = run.stdout.split('\n');
    assert.match(lines[0]!, /^token FAIL \(HTTP 401, \d+ ms\)$/);
    assert.match(lines[1]!, /^ {2}token-refused \(HTTP 401\): POST \/v1\/auth\/token answered 401 \(invalid_api_key: .*\)\. Check the API key \(--api-key or STUDIO_API_KEY\)\.$/);
    for (const operation of OPERATIONS) assert.ok(lines.includes(`${operation} SKIPPED (no token: the token step failed)`), operation);
    assert.match(run.stdout, /\n0 of 10 operations passed\n$/);
    assertNotPrinted(run, [wrong, KEY]);
  });

  it('fails the operation whose hostile adapter throws with the key in its words, a contract error that never repeats them', async () => {
    const hostile = files.write(
      'hostile.mjs',
      `export default { operations: { music: { response: () => { throw new Error('the key is ${KEY}'); } } } };\n`,
    );
    const spy = tokenSpy();
    const run = await runCheck(['--base-url', emulator.url, '--config', hostile, '--json'], { env, fetch: spy.fetch });
    assert.equal(run.code, 1);
    const report = JSON.parse(run.stdout) as ContractReport;
    const music = report.operations.find((step) => step.step === 'music')!;
    assert.equal(music.outcome, 'fail');
    assert.deepEqual(music.statuses, [200], 'the service answered; its answer could not be read');
    assert.equal(music.failure?.code, 'contract');
    assert.equal(music.failure?.fix, 'api.operations.music.response');
    assert.match(music.failure!.message, /^music: the response adapter threw an Error\. Fix api\.operations\.music\.response/);
    const mix = report.operations.find((step) => step.step === 'mix')!;
    assert.deepEqual([mix.outcome, mix.skipped], ['skipped', 'needs a track from music, which failed']);
    assert.equal(report.passed, 8, 'the others pass');
    assertNotPrinted(run, [KEY, ...spy.tokens]);
    // The same run for a terminal and for a log.
    for (const tty of [true, false]) assertNotPrinted(await runCheck(['--base-url', emulator.url, '--config', hostile], { env, tty }), [KEY]);
  });

  it('prints a hostile service\'s words with control, ANSI and bidi characters escaped: as a table, plain lines and JSON', async () => {
    const words = 'bad\u202Eevil\x1b[2J\x1b]0;pwned\x07 \u2066x\u2069\x9b31m';
    const hostile: typeof fetch = () => Promise.resolve(new Response(JSON.stringify({ error: { code: 'x\x1b[2J', message: words } }), { status: 400, headers: { 'content-type': 'application/json' } }));
    for (const args of [[], ['--json']]) {
      for (const tty of [false, true]) {
        const run = await runCheck(['--base-url', 'http://127.0.0.1:9', ...args], { env, tty, fetch: hostile });
        assert.equal(run.code, 1);
        assert.doesNotMatch(run.stdout + run.stderr, RAW_CONTROL, JSON.stringify(run.stdout + run.stderr));
        if (!tty || args.length > 0) assert.match(run.stdout, /bad\\+u202eevil\\+u001b\[2J/, 'the service\'s words, escaped');
      }
    }
  });

  it('keeps a line feed, carriage return or separator from the service or an argument inside its value: no forged line', async () => {
    const forged = '10 of 10 operations passed';
    const words = `bad\nvoices OK (HTTP 200, 1 ms)\r\n${forged}\u2028\u2029`;
    const hostile: typeof fetch = () => Promise.resolve(new Response(JSON.stringify({ error: { code: `x\n${forged}`, message: words } }), { status: 400, headers: { 'content-type': 'application/json' } }));
    const base = `http://127.0.0.1:9/x\n${forged}`;
    const runs = [
      ...[[], ['--json'], ['--dry-run']].flatMap((args) => [false, true].map((tty) => runCheck(['--base-url', base, '--user-id', `u\n${forged}`, ...args], { env, tty, fetch: hostile }))),
      runCheck(['--base-url', 'http://127.0.0.1:9', '--config', `missing\n${forged}.mjs`], { env }),
    ];
    for (const run of await Promise.all(runs)) {
      const printed = run.stdout + run.stderr;
      assert.doesNotMatch(printed, RAW_CONTROL, printed);
      assert.doesNotMatch(printed, RAW_BREAK, printed);
      assert.doesNotMatch(printed, new RegExp(`^(voices OK|${forged})`, 'm'), `a line the service or an argument started: ${printed}`);
    }
    const plain = await runCheck(['--base-url', 'http://127.0.0.1:9'], { env, fetch: hostile });
    assert.match(plain.stdout, /bad\\u000avoices OK \(HTTP 200, 1 ms\)\\u000d\\u000a10 of 10 operations passed\\u2028\\u2029/, 'the words on their one line, escaped');
  });

  it('names each field a wrong answer lacks and the adapter to fix, in plain lines', async () => {
    const wrong = files.write('wrong-shape.mjs', 'export default { operations: { pricing: { response: () => ({ operations: { format: { base: "ten" } } }) } } };\n');
    const run = await runCheck(['--base-url', emulator.url, '--config', wrong], { env });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^pricing FAIL \(HTTP 200, \d+ ms\)\n {2}contract: pricing: result\.operations\.format\.base: expected a number of at least 0, got a string of 3 characters\. Fix api\.operations\.pricing\.response .*\n {4}result\.operations\.format\.base: expected a number of at least 0, got a string of 3 characters\n {4}fix: api\.operations\.pricing\.response$/m);
    assert.match(run.stdout, /\n9 of 10 operations passed\n$/);
  });

  it('--dry-run prints each request as the adapters make it, secrets redacted, and sends nothing', async () => {
    const counter = await countingServer();
    try {
      const adapters = files.write(
        'dry.mjs',
        [
          'export default {',
          '  operations: {',
          `    voiceover: { path: '/v1/speech', request: (input) => ({ script: input.text, voice: input.voice_id, note: '${KEY}' }) },`,
          "    voices: { request: () => ({ language: 'en', page: 1 }) },",
          '  },',
          '};',
          '',
        ].join('\n'),
      );
      const run = await runCheck(['--base-url', counter.url, '--config', adapters, '--dry-run'], { env });
      assert.equal(counter.count(), 0, 'no request reached the service');
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, new RegExp(`^token: POST ${counter.url}/v1/auth/token\n(?: {2}.*\n)*? {2}x-api-key: <redacted>\n`, 'm'));
      for (const operation of OPERATIONS) assert.match(run.stdout, new RegExp(`^${operation}: (GET|POST) ${counter.url}/v1/`, 'm'));
      assert.match(run.stdout, new RegExp(`^voices: GET ${counter.url}/v1/voices\\?language=en&page=1\n {2}accept: application/json\n {2}authorization: <redacted>\n`, 'm'));
      assert.match(run.stdout, new RegExp(`^voiceover: POST ${counter.url}/v1/speech\n`, 'm'));
      assert.match(run.stdout, /"script": "Cold brew at home, smooth and ready in minutes\.",\n {4}"voice": "sample-voice",\n {4}"note": "<redacted>"\n/);
      assert.match(run.stdout, /^job: GET .*\/v1\/jobs\/sample-job$/m);
      assert.match(run.stdout, /\n10 of 10 operations built their request; nothing was sent\n$/);
      assertNotPrinted(run, [KEY]);
      const json = await runCheck(['--base-url', counter.url, '--dry-run', '--json'], { env });
      const report = JSON.parse(json.stdout) as ContractReport;
      assert.deepEqual(report.token.request?.headers['x-api-key'], '<redacted>');
      assert.deepEqual(report.operations.map((step) => step.request?.headers['authorization']), OPERATIONS.map(() => '<redacted>'));
      assert.equal(counter.count(), 0);
      assertNotPrinted(json, [KEY]);
    } finally {
      await counter.close();
    }
  });

  it('exits 2 on a usage error, before anything is sent, naming the flag or the key path', async () => {
    const counter = await countingServer();
    const base = ['--base-url', counter.url];
    const misspelt = files.write('misspelt.mjs', 'export default { operations: { voices: { respons: (json) => json } } };\n');
    const withKey = files.write('with-key.mjs', `export default { operations: {}, apiKey: '${KEY}' };\n`);
    const broken = files.write('broken.mjs', 'export default { operations: {\n');
    const bare = files.write('bare.mjs', 'export const operations = {};\n');
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [[...base, '--config', misspelt], env, /^ {2}config\.api\.operations\.voices\.respons: unknown key; did you mean "response"\?$/m],
      [[...base, '--config', withKey], env, /^ {2}config\.api\.apiKey: an account API key must never be given to the editor/m],
      [[...base, '--config', broken], env, /--config .*broken\.mjs could not be loaded: SyntaxError/],
      [[...base, '--config', bare], env, /bare\.mjs has no default export/],
      [[...base, '--config', files.write('base.mjs', "export default { baseUrl: 'https://elsewhere.example' };\n")], env, /config\.api\.baseUrl: the check takes the service URL from --base-url/],
      [base, {}, /no API key: set STUDIO_API_KEY in the environment \(or give --api-key\)/],
      [['--api-key', KEY], {}, /--base-url is required/],
      [['--base-url', 'ftp://example.com'], env, /--base-url: expected an http or https URL/],
      [[...base, '--timeout-ms', '10'], env, /--timeout-ms: expected a whole number of ms from 1000 to 300000/],
      [[...base, '--dry-rn'], env, /unknown flag --dry-rn; the flags are --base-url, /],
      [[...base, '--json', KEY], env, /unexpected argument 4: every value follows its flag/],
    ];
    try {
      for (const [args, given, expected] of cases) {
        const run = await runCheck(args, { env: given });
        assert.equal(run.code, 2, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
        assert.match(run.stderr, expected);
        assert.equal(run.stdout, '');
        assertNotPrinted(run, [KEY]);
      }
      assert.equal(counter.count(), 0);
    } finally {
      await counter.close();
    }
  });

  it('--help names the flags, the key from STUDIO_API_KEY and the exit codes', async () => {
    const run = await runCheck(['--help']);
    assert.equal(run.code, 0);
    for (const flag of ['--base-url', '--api-key', '--config', '--user-id', '--url', '--timeout-ms', '--dry-run', '--json']) assert.ok(run.stdout.includes(flag), flag);
    assert.match(run.stdout, /set STUDIO_API_KEY in the environment instead/);
    assert.match(run.stdout, /Exit code: 0 every operation passed, 1 one failed .*, 2 a usage error/);
  });

  it('counts runs of one status', () => {
    assert.equal(statusText([202, 200, 200, 200]), '202 200×3');
    assert.equal(statusText([401, 200]), '401 200');
    assert.equal(statusText([]), '-');
  });

  it('is the bin of the package, a shim over the built command', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { bin: Record<string, string>; files: string[] };
    assert.equal(pkg.bin['studio-contract-check'], 'bin/studio-contract-check.mjs');
    assert.ok(pkg.files.includes('bin/'));
    const shim = readFileSync(new URL('../../bin/studio-contract-check.mjs', import.meta.url), 'utf8');
    assert.match(shim, /^#!\/usr\/bin\/env node\n/);
    assert.match(shim, /from '\.\.\/dist\/esm\/node\/contract-check-cli\.js'/);
    assert.match(shim, /import\(pathToFileURL\(resolve\(file\)\)\.href\)/);
  });

  it('against a service shaped otherwise: fails, naming the fields and adapters to write; passes with its adapters file', async () => {
    const other = await startOtherService({ emulatorUrl: emulator.url });
    try {
      const bare = await runCheck(['--base-url', other.url, '--json'], { env });
      assert.equal(bare.code, 1, bare.stdout + bare.stderr);
      const failed = JSON.parse(bare.stdout) as ContractReport;
      assert.equal(failed.passed, 0, 'no operation of that service reads as the editor assumes');
      const voices = failed.operations.find((step) => step.step === 'voices')!;
      assert.equal(voices.outcome, 'fail');
      assertNotPrinted(bare, [KEY]);

      const adapted = await runCheck(['--base-url', other.url, '--config', 'test/fixtures/other-service-adapters.mjs', '--json'], { env });
      assert.equal(adapted.code, 0, adapted.stdout + adapted.stderr);
      const report = JSON.parse(adapted.stdout) as ContractReport;
      assert.deepEqual(report.operations.map((step) => [step.step, step.outcome]), OPERATIONS.map((operation) => [operation, 'ok']));
      assertNotPrinted(adapted, [KEY]);
    } finally {
      await other.close();
    }
  });
});
