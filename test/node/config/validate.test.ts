import { describe, it, before } from 'node:test';
import { expect } from '../support/expect.js';
import { loadChecksOf, resolveConfig, uncheckedKeys } from '../../../src/config/validate.js';
import { StudioConfigError } from '../../../src/errors.js';
import { testAuth } from '../../support/auth.js';
import { loadStringKeys } from '../../../src/i18n/translate.js';

// Every key known, as create() makes sure of first (test/config/later-strings.test.ts shows the time before).
before(() => loadStringKeys());

/** Resolves `config` and returns the error message, or fails when it does not throw. */
function messageOf(config: unknown, options = {}): string {
  try {
    resolveConfig(config, options);
  } catch (error) {
    expect(error).to.be.instanceOf(StudioConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
}

const auth = testAuth();

describe('resolveConfig', () => {
  it('fills every default from a minimal config', () => {
    const config = resolveConfig({ auth }, { origin: 'https://host.example' });
    expect(config.layout).to.deep.equal({ height: '640px', arrangement: 'auto', initialPanel: 'recommend', compact: false });
    expect(config.api.baseUrl).to.equal('https://host.example');
    expect(config.api.paths.recommendUrl).to.equal('/v1/recommend/url');
    expect(config.project.duration).to.equal(30);
    expect(config.mastering.preset).to.equal('streaming');
    expect(config.tools.exportFormats).to.deep.equal(['wav16', 'wav24', 'mp3']);
    expect(config.tools.openInStudio).to.equal(undefined);
    expect(config.theme).to.deep.equal({ mode: 'system', density: 'comfortable', tokens: {} });
    expect(config.auth.timeoutMs).to.equal(15000);
    expect(config.api.idempotencyHeader).to.equal('Idempotency-Key');
    expect(config.vocal.maxFitSpeed).to.equal(1.2);
  });

  it('takes vocal.maxFitSpeed from 1 to 1.5', () => {
    for (const maxFitSpeed of [1, 1.1, 1.5]) expect(resolveConfig({ auth, vocal: { maxFitSpeed } }, { origin: 'https://host.example' }).vocal.maxFitSpeed).to.equal(maxFitSpeed);
  });

  it('takes tools.role: creator by default, adopter, and names a wrong one', () => {
    expect(resolveConfig({ auth }, { origin: 'https://host.example' }).tools.role).to.equal('creator');
    expect(resolveConfig({ auth, tools: { role: 'adopter' } }, { origin: 'https://host.example' }).tools.role).to.equal('adopter');
    expect(() => resolveConfig({ auth, tools: { role: 'admin' as 'adopter' } }, { origin: 'https://host.example' })).to.throw(/config\.tools\.role/);
  });

  it('keeps a review given before its checks are here unchecked and unused (uncheckedKeys names it; loadChecksOf brings them)', async () => {
    const origin = { origin: 'https://host.example' };
    const given = { auth, review: { user: { id: 'u-1', name: 'Dana' }, require: ['client'] } };
    const early = resolveConfig(given, origin);
    if (uncheckedKeys(early).length > 0) {
      expect(uncheckedKeys(early)).to.deep.equal(['config.review']);
      expect(early.review).to.deep.include({ user: undefined, require: [] });
      await loadChecksOf(early);
    }
    expect(uncheckedKeys(resolveConfig(given, origin))).to.deep.equal([]);
    expect(resolveConfig(given, origin).review.require).to.deep.equal(['client']);
  });

  it('takes tools.role reviewer, and config.review: a user and required roles, each wrong key by its path', () => {
    const origin = { origin: 'https://host.example' };
    expect(resolveConfig({ auth, tools: { role: 'reviewer' } }, origin).tools.role).to.equal('reviewer');
    expect(resolveConfig({ auth }, origin).review).to.deep.equal({ user: undefined, require: [], sign: undefined, publicKeys: undefined });
    const review = resolveConfig({ auth, review: { user: { id: 'u-1', name: 'Dana', role: 'client' }, require: ['client', 'legal'] } }, origin).review;
    expect(review).to.deep.equal({ user: { id: 'u-1', name: 'Dana', role: 'client' }, require: ['client', 'legal'], sign: undefined, publicKeys: undefined });
    expect(resolveConfig({ auth, review: { user: { id: 'u-1', name: 'Dana' } } }, origin).review.user).to.deep.equal({ id: 'u-1', name: 'Dana' });
    expect(messageOf({ auth, review: { user: { id: 'u-1' } } }, origin)).to.match(/config\.review\.user\.name: is required/);
    expect(messageOf({ auth, review: { user: { id: '', name: 'Dana' } } }, origin)).to.match(/config\.review\.user\.id/);
    expect(messageOf({ auth, review: { user: { id: 'u', name: 'x'.repeat(201) } } }, origin)).to.match(/config\.review\.user\.name/);
    expect(messageOf({ auth, review: { user: { id: 'u', name: 'Dana', role: 7 } } }, origin)).to.match(/config\.review\.user\.role/);
    expect(messageOf({ auth, review: { require: ['client', 3] } }, origin)).to.match(/config\.review\.require\[1\]/);
    expect(messageOf({ auth, review: { require: 'legal' } }, origin)).to.match(/config\.review\.require: expected an array/);
    expect(messageOf({ auth, review: { users: [] } }, origin)).to.match(/config\.review\.users: unknown key; did you mean "user"\?/);
  });

  it('takes review.sign (a function) and review.publicKeys (a JWKS of public P-256 or Ed25519 keys); a private key is refused unquoted', () => {
    const origin = { origin: 'https://host.example' };
    const sign = async () => 'a.b.c';
    const ec = { kty: 'EC', crv: 'P-256', x: 'xx', y: 'yy', kid: 'k1' };
    const ed = { kty: 'OKP', crv: 'Ed25519', x: 'xx', kid: 'k2' };
    const review = resolveConfig({ auth, review: { sign, publicKeys: { keys: [ec, ed] } } }, origin).review;
    expect(review.sign).to.equal(sign);
    expect(review.publicKeys?.keys.map((key) => key.kid)).to.deep.equal(['k1', 'k2']);
    expect(messageOf({ auth, review: { sign: 'https://host/sign' } }, origin)).to.match(/config\.review\.sign: expected a function/);
    expect(messageOf({ auth, review: { publicKeys: { keys: [] } } }, origin)).to.match(/config\.review\.publicKeys: expected a JWKS/);
    expect(messageOf({ auth, review: { publicKeys: { keys: [{ kty: 'RSA', n: 'n', e: 'AQAB' }] } } }, origin)).to.match(/config\.review\.publicKeys\.keys\[0\]: expected a public JWK of P-256/);
    const secret = 'private-scalar-never-shown';
    const message = messageOf({ auth, review: { publicKeys: { keys: [ec, { ...ed, d: secret }] } } }, origin);
    expect(message).to.match(/config\.review\.publicKeys\.keys\[1\]: holds a private key/);
    expect(message).to.not.include(secret);
  });

  it('takes tools.feed: off by default, on when a host turns it on, and names a wrong type', () => {
    const origin = { origin: 'https://host.example' };
    expect(resolveConfig({ auth }, origin).tools.feed).to.equal(false);
    expect(resolveConfig({ auth, tools: { feed: true } }, origin).tools.feed).to.equal(true);
    expect(resolveConfig({ auth, tools: { feed: false } }, origin).tools.feed).to.equal(false);
    for (const wrong of ['yes', 1, null, { rows: 10 }]) {
      expect(() => resolveConfig({ auth, tools: { feed: wrong as unknown as boolean } }, origin), String(wrong)).to.throw(/config\.tools\.feed: expected true or false/);
    }
    expect(() => resolveConfig({ auth, tools: { fed: true } as never }, origin)).to.throw(/config\.tools\.fed: unknown key; did you mean "feed"\?/);
  });

  it('takes api.idempotencyHeader as a header name or null', () => {
    expect(resolveConfig({ auth, api: { idempotencyHeader: 'X-Request-Key' } }, { origin: 'https://host.example' }).api.idempotencyHeader).to.equal('X-Request-Key');
    expect(resolveConfig({ auth, api: { idempotencyHeader: null } }, { origin: 'https://host.example' }).api.idempotencyHeader).to.equal(null);
  });

  it('keeps valid values and maps theme tokens to --studio-* properties', () => {
    const config = resolveConfig(
      {
        target: '#editor',
        auth: { ...auth, userId: 'user-42' },
        api: { baseUrl: 'https://api.example.com/service/', paths: { job: '/v1/job/{job_id}' } },
        layout: { height: '80vh', arrangement: 'stacked', initialPanel: 'script', compact: true },
        tools: { mix: false, export: { formats: ['wav24', 'wav24'] }, openInStudio: { urlTemplate: 'https://studio.example/p/{project_id}' } },
        theme: { mode: 'dark', accent: '#ff0066', fontFamily: '"Inter", sans-serif', radius: '4px' },
      },
      { requireTarget: true },
    );
    expect(config.api.baseUrl).to.equal('https://api.example.com/service');
    expect(config.api.paths.job).to.equal('/v1/job/{job_id}');
    expect(config.layout.height).to.equal('80vh');
    expect(config.tools.mix).to.equal(false);
    expect(config.tools.exportFormats).to.deep.equal(['wav24']);
    expect(config.tools.openInStudio).to.equal('https://studio.example/p/{project_id}');
    expect(config.theme.tokens).to.deep.equal({
      '--studio-accent': '#ff0066',
      '--studio-font-family': '"Inter", sans-serif',
      '--studio-radius': '4px',
    });
  });

  const table: Array<[string, unknown, string]> = [
    ['config is not an object', 'tall', 'config: expected an object like { target: "#editor", auth: { getToken, refreshToken } }, got "tall"'],
    ['height is not a CSS length', { auth, layout: { height: 'tall' } }, 'config.layout.height: expected a CSS length like "640px" or "80vh", got "tall"'],
    ['height is a number', { auth, layout: { height: 640 } }, 'config.layout.height: expected a CSS length like "640px" or "80vh", got 640'],
    ['unknown area with a typo', { auth, layot: {} }, 'config.layot: unknown key; did you mean "layout"?'],
    ['unknown key inside an area', { auth, layout: { heigth: '10px' } }, 'config.layout.heigth: unknown key; did you mean "height"?'],
    ['unknown key with no close match', { auth, tools: { zzzzzzzz: true } }, 'config.tools.zzzzzzzz: unknown key; the keys of config.tools are recommend, product'],
    ['auth missing', {}, 'config.auth: is required: an object { getToken, refreshToken }'],
    ['getToken missing', { auth: { refreshToken: auth.refreshToken } }, 'config.auth.getToken: is required: an async function (userId) => token'],
    ['refreshToken not a function', { auth: { ...auth, refreshToken: 'https://host/refresh' } }, 'config.auth.refreshToken: expected a function, got "https://host/refresh"'],
    ['userId empty', { auth: { ...auth, userId: '  ' } }, 'config.auth.userId: expected an id string that is not empty, got "  "'],
    ['userId with a newline', { auth: { ...auth, userId: 'a\nb' } }, 'config.auth.userId: expected an id without control characters'],
    ['timeout out of range', { auth: { ...auth, timeoutMs: 5 } }, 'config.auth.timeoutMs: expected a number from 1000 to 120000 (ms), got 5'],
    ['baseUrl not a URL', { auth, api: { baseUrl: 'api.example.com' } }, 'config.api.baseUrl: expected an absolute URL like "https://api.example.com", got "api.example.com"'],
    ['baseUrl with javascript:', { auth, api: { baseUrl: 'javascript:alert(1)' } }, 'config.api.baseUrl: expected an absolute URL like "https://api.example.com" (http or https)'],
    ['baseUrl with credentials', { auth, api: { baseUrl: 'https://u:p@api.example.com' } }, 'config.api.baseUrl: expected a URL without a user name or password'],
    ['baseUrl with a query', { auth, api: { baseUrl: 'https://api.example.com/?a=1' } }, 'config.api.baseUrl: expected a URL without query or fragment'],
    ['idempotencyHeader not a header name', { auth, api: { idempotencyHeader: 'Idempotency Key' } }, 'config.api.idempotencyHeader: expected an HTTP header name like "Idempotency-Key", or null, got "Idempotency Key"'],
    ['path outside /v1/', { auth, api: { paths: { voices: '/voices' } } }, 'config.api.paths.voices: expected a path under /v1/ without query or spaces, like "/v1/voices", got "/voices"'],
    ['job path without {job_id}', { auth, api: { paths: { job: '/v1/jobs' } } }, 'config.api.paths.job: expected a path containing {job_id}'],
    ['unknown operation', { auth, api: { paths: { voice: '/v1/x' } } }, 'config.api.paths.voice: unknown key; did you mean "voices"?'],
    ['arrangement not allowed', { auth, layout: { arrangement: 'grid' } }, 'config.layout.arrangement: expected one of "auto", "side-by-side", "stacked", got "grid"'],
    ['initial panel unknown', { auth, layout: { initialPanel: 'timeline' } }, 'config.layout.initialPanel: expected one of "recommend", "script"'],
    ['compact not boolean', { auth, layout: { compact: 'yes' } }, 'config.layout.compact: expected true or false, got "yes"'],
    ['duration too long', { auth, project: { duration: 601 } }, 'config.project.duration: expected a number from 5 to 600 (seconds), got 601'],
    ['duration NaN', { auth, project: { duration: Number.NaN } }, 'config.project.duration: expected a number from 5 to 600 (seconds), got NaN'],
    ['project id too long', { auth, project: { id: 'x'.repeat(129) } }, 'config.project.id: expected at most 128 characters, got 129'],
    ['vocal speed', { auth, vocal: { speed: 3 } }, 'config.vocal.speed: expected a number from 0.5 to 2 (times normal speed), got 3'],
    ['vocal maxFitSpeed too fast', { auth, vocal: { maxFitSpeed: 1.6 } }, 'config.vocal.maxFitSpeed: expected a number from 1 to 1.5 (times normal speed, the fastest the editor reads a script to fit'],
    ['vocal maxFitSpeed under normal', { auth, vocal: { maxFitSpeed: 0.9 } }, 'config.vocal.maxFitSpeed: expected a number from 1 to 1.5'],
    ['vocal maxFitSpeed a string', { auth, vocal: { maxFitSpeed: '1.2x' } }, 'config.vocal.maxFitSpeed: expected a number from 1 to 1.5'],
    ['music gain', { auth, music: { gain: '-6dB' } }, 'config.music.gain: expected a number from -40 to 6 (dB), got "-6dB"'],
    ['upload size not integer', { auth, music: { uploadMaxBytes: 2048.5 } }, 'config.music.uploadMaxBytes: expected an integer from 1024'],
    ['mastering preset', { auth, mastering: { preset: 'loud' } }, 'config.mastering.preset: expected one of "streaming", "podcast", "aes-ads", "ebu-r128", "atsc-a85", "custom", got "loud"'],
    ['export formats empty', { auth, tools: { export: { formats: [] } } }, 'config.tools.export.formats: expected a non-empty array of "wav16", "wav24", "mp3", got an array'],
    ['export format unknown', { auth, tools: { export: { formats: ['flac'] } } }, 'config.tools.export.formats[0]: expected one of "wav16", "wav24", "mp3", got "flac"'],
    ['studio URL without placeholder', { auth, tools: { openInStudio: { urlTemplate: 'https://studio.example/' } } }, 'config.tools.openInStudio.urlTemplate: expected a URL containing {project_id}'],
    ['studio URL not http', { auth, tools: { openInStudio: { urlTemplate: 'javascript:go({project_id})' } } }, 'config.tools.openInStudio.urlTemplate: expected an absolute http(s) URL containing {project_id} (http or https)'],
    ['theme mode', { auth, theme: { mode: 'blue' } }, 'config.theme.mode: expected one of "light", "dark", "system", got "blue"'],
    ['theme colour carrying url()', { auth, theme: { accent: 'red;background:url(https://evil.example/x)' } }, 'config.theme.accent: expected a plain CSS colour, got "red;background:url(https://evil.example/x)", which contains ";"'],
    ['theme colour carrying a brace', { auth, theme: { surface: 'red}html{color:red' } }, 'config.theme.surface: expected a plain CSS colour'],
    ['theme colour carrying var()', { auth, theme: { text: 'var(--x)' } }, 'config.theme.text: expected a plain CSS colour, got "var(--x)", which contains "var("'],
    ['theme colour not a colour', { auth, theme: { border: 'banana' } }, 'config.theme.border: expected a CSS colour like "#1a73e8" or "rgb(26 115 232)", got "banana"'],
    ['theme font with a semicolon', { auth, theme: { fontFamily: 'Inter; color: red' } }, 'config.theme.fontFamily: expected a font-family list'],
    ['theme radius', { auth, theme: { radius: 'round' } }, 'config.theme.radius: expected a CSS length like "640px" or "80vh", got "round"'],
    ['i18n locale', { auth, i18n: { locale: 'de_DE' } }, 'config.i18n.locale: expected a BCP 47 locale like "en", "fr-CA" or "de", got "de_DE"'],
    ['i18n string not a string', { auth, i18n: { strings: { 'panel.export': 4 } } }, 'config.i18n.strings["panel.export"]: expected a string, got 4'],
    ['i18n string key unknown', { auth, i18n: { strings: { 'panel.exprot': 'Download' } } }, 'config.i18n.strings["panel.exprot"]: unknown string key; did you mean "panel.export"?'],
    ['api key at the top', { auth, apiKey: 'sk_live_123' }, 'config.apiKey: an account API key must never be given to the editor'],
    ['x-api-key inside auth', { auth: { ...auth, 'x-api-key': 'k' } }, 'config.auth.x-api-key: an account API key must never be given to the editor'],
    ['api_key inside api', { auth, api: { api_key: 'k' } }, 'config.api.api_key: an account API key must never be given to the editor'],
  ];

  for (const [name, config, message] of table) {
    it(`refuses: ${name}`, () => {
      const actual = messageOf(config, { origin: 'https://host.example' });
      expect(actual.startsWith(message), `\n${actual}\ndoes not start with\n${message}`).to.equal(true);
    });
  }

  it('requires target for create() and reports a missing one', () => {
    expect(messageOf({ auth }, { requireTarget: true, origin: 'https://host.example' })).to.equal('config.target: is required: a CSS selector of the element to mount into, like "#editor"');
  });

  it('explains that the account key belongs on the host server', () => {
    expect(messageOf({ auth, apiKey: 'k' })).to.include('Keep the key on your host server: it calls POST /v1/auth/token');
  });

  it('lists every problem at once, one per line, and never echoes a long value whole', () => {
    const error = (() => {
      try {
        resolveConfig({ auth, layout: { height: 'x'.repeat(200) }, project: { duration: -1 } }, { origin: 'https://host.example' });
      } catch (caught) {
        return caught as StudioConfigError;
      }
      throw new Error('expected a StudioConfigError');
    })();
    expect(error.issues.map((issue) => issue.path)).to.deep.equal(['config.layout.height', 'config.project.duration']);
    expect(error.message.split('\n')).to.have.length(2);
    expect(error.message).to.include('"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."');
    expect(error.code).to.equal('config');
  });

  it('needs api.baseUrl on a page without an http origin', () => {
    expect(messageOf({ auth }, { origin: 'null' })).to.include('config.api.baseUrl: is required when the page has no http(s) origin');
  });
});
