import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { destinationProfile } from '../../../src/config/destinations.js';
import { IssueList } from '../../../src/config/checks.js';
import { resolveConfig } from '../../../src/config/validate.js';
import { BUILTIN_DESTINATIONS } from '../../../src/delivery/destinations.js';
import { StudioConfigError } from '../../../src/errors.js';
import { testAuth } from '../../support/auth.js';

const BUILTIN_IDS = BUILTIN_DESTINATIONS.map((profile) => profile.id);

const auth = testAuth();
const origin = 'https://host.example';

const radio = {
  id: 'radio-x',
  label: 'Radio X',
  source: { title: 'Radio X delivery sheet, 2026', url: 'https://radio-x.example/specs', unpublished: ['tolerance'] },
  codec: { container: 'wav', bitDepth: 16 },
  sampleRate: 44100,
  channels: 2,
  loudness: -23,
  tolerance: 1,
  truePeak: -1,
  length: { kind: 'exact' },
};

/** The issues of a config with `delivery.destinations` (or `tools`) set, as "path: message" lines. */
function refusal(config: Record<string, unknown>): string {
  try {
    resolveConfig({ auth, ...config }, { origin });
  } catch (error) {
    expect(error).to.be.instanceOf(StudioConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
}

const withProfile = (changes: Record<string, unknown>) => ({ delivery: { destinations: [{ ...radio, ...changes }] } });

describe('config.delivery and config.tools.deliver', () => {
  it('default to the built-in destinations and the Deliver panel shown', () => {
    const config = resolveConfig({ auth }, { origin });
    expect(config.delivery.destinations.map((profile) => profile.id)).to.deep.equal([...BUILTIN_IDS]);
    expect(config.tools.deliver).to.equal(true);
    expect(resolveConfig({ auth, tools: { deliver: false } }, { origin }).tools.deliver).to.equal(false);
  });

  it('accept every built-in profile as a host profile, unchanged', () => {
    for (const builtin of BUILTIN_DESTINATIONS) {
      const issues = new IssueList();
      const read = destinationProfile(JSON.parse(JSON.stringify(builtin)), 'config.delivery.destinations[0]', issues);
      expect(issues.items.map((issue) => issue.message), builtin.id).to.deep.equal([]);
      expect(JSON.stringify(read), builtin.id).to.equal(JSON.stringify(builtin));
    }
    const config = resolveConfig({ auth, delivery: { destinations: BUILTIN_DESTINATIONS } }, { origin });
    expect(config.delivery.destinations.length).to.equal(BUILTIN_DESTINATIONS.length);
  });

  it('add a host destination after the built-ins, filling the optional fields', () => {
    const config = resolveConfig({ auth, delivery: { destinations: [radio] } }, { origin });
    const ids = config.delivery.destinations.map((profile) => profile.id);
    expect(ids).to.deep.equal([...BUILTIN_IDS, 'radio-x']);
    const added = config.delivery.destinations.at(-1)!;
    expect(added.minTailSilence).to.equal(0);
    expect(added.fileName).to.equal('{advertiser}_{title}_{length}s_{destination}_{adId}');
    expect(added.metadata.length).to.equal(7);
    expect('maxBytes' in added).to.equal(false);
  });

  it('replace a built-in of the same id whole', () => {
    const config = resolveConfig({ auth, delivery: { destinations: [{ ...radio, id: 'podcast', label: 'Our podcast' }] } }, { origin });
    const podcast = config.delivery.destinations.find((profile) => profile.id === 'podcast')!;
    expect(config.delivery.destinations.map((profile) => profile.id)).to.deep.equal([...BUILTIN_IDS]);
    expect(podcast.label).to.equal('Our podcast');
    expect(podcast.minTailSilence).to.equal(0);
    expect(podcast.source.title).to.equal('Radio X delivery sheet, 2026');
  });

  const at = 'config.delivery.destinations[0]';
  const table: Array<[string, Record<string, unknown>, string]> = [
    ['a typo in a key, with a suggestion', withProfile({ lable: 'x' }), `${at}.lable: unknown key; did you mean "label"?`],
    ['a typo in the area', { delivery: { destinatons: [] } }, 'config.delivery.destinatons: unknown key; did you mean "destinations"?'],
    ['a typo in tools.deliver', { tools: { delivr: true } }, 'config.tools.delivr: unknown key; did you mean "deliver"?'],
    ['tools.deliver not a boolean', { tools: { deliver: 'yes' } }, 'config.tools.deliver: expected true or false, got "yes"'],
    ['destinations not an array', { delivery: { destinations: radio } }, 'config.delivery.destinations: expected an array of destination profiles, got an object'],
    ['a missing label', withProfile({ label: undefined }), `${at}.label: is required`],
    ['a label over 80 characters', withProfile({ label: 'x'.repeat(81) }), `${at}.label: expected at most 80 characters, got 81`],
    ['an id with capitals', withProfile({ id: 'Radio' }), `${at}.id: expected an id of lower-case letters`],
    ['an id over 40 characters', withProfile({ id: 'x'.repeat(41) }), `${at}.id: expected an id of lower-case letters`],
    ['a rate of 96 kHz', withProfile({ sampleRate: 96000 }), `${at}.sampleRate: expected 44100 or 48000 (Hz), got 96000`],
    ['three channels', withProfile({ channels: 3 }), `${at}.channels: expected 1 or 2 (mono or stereo), got 3`],
    ['loudness above -5 LUFS', withProfile({ loudness: -4 }), `${at}.loudness: expected a number from -40 to -5 (LUFS), got -4`],
    ['loudness below -40 LUFS', withProfile({ loudness: -41 }), `${at}.loudness: expected a number from -40 to -5 (LUFS), got -41`],
    ['a tolerance of 0', withProfile({ tolerance: 0 }), `${at}.tolerance: expected a number from 0.1 to 5 (LU), got 0`],
    ['a true peak above 0', withProfile({ truePeak: 0.5 }), `${at}.truePeak: expected a number from -9 to 0 (dBTP), got 0.5`],
    ['a true peak below -9', withProfile({ truePeak: -10 }), `${at}.truePeak: expected a number from -9 to 0 (dBTP), got -10`],
    ['an MP3 bit rate that is not a CBR rate', withProfile({ codec: { container: 'mp3', bitrateKbps: 100 } }), `${at}.codec.bitrateKbps: expected 32 or 40`],
    ['an MP3 bit rate over 320', withProfile({ codec: { container: 'mp3', bitrateKbps: 384 } }), `${at}.codec.bitrateKbps: expected 32 or 40`],
    ['a WAV of 32 bits', withProfile({ codec: { container: 'wav', bitDepth: 32 } }), `${at}.codec.bitDepth: expected 16 or 24 (bits), got 32`],
    ['a bit rate on a WAV', withProfile({ codec: { container: 'wav', bitDepth: 16, bitrateKbps: 128 } }), `${at}.codec.bitrateKbps: is not a setting of a WAV file; give bitDepth`],
    ['a FLAC container', withProfile({ codec: { container: 'flac' } }), `${at}.codec.container: expected one of "wav", "mp3", got "flac"`],
    ['a maximum length under 5 s', withProfile({ length: { kind: 'max', maxSeconds: 2 } }), `${at}.length.maxSeconds: expected a number from 5 to 600 (seconds), got 2`],
    ['a maximum length without seconds', withProfile({ length: { kind: 'max' } }), `${at}.length.maxSeconds: is required`],
    ['maxBytes not an integer', withProfile({ maxBytes: 1000.5 }), `${at}.maxBytes: expected an integer from 1024 to 524288000 (bytes), got 1000.5`],
    ['a tail silence over 10 s', withProfile({ minTailSilence: 11 }), `${at}.minTailSilence: expected a number from 0 to 10 (seconds), got 11`],
    ['an unknown metadata field', withProfile({ metadata: ['title', 'artist'] }), `${at}.metadata[1]: expected one of "title"`],
    ['a metadata field twice', withProfile({ metadata: ['title', 'title'] }), `${at}.metadata[1]: "title" is listed twice`],
    ['an unknown placeholder', withProfile({ fileName: '{advertiser}_{titel}' }), `${at}.fileName: A file-name template knows no {titel}`],
    ['a template with a slash', withProfile({ fileName: '{advertiser}/{title}' }), `${at}.fileName: A file-name template holds no / or \\`],
    ['a template with a backslash', withProfile({ fileName: '{advertiser}\\{title}' }), `${at}.fileName: A file-name template holds no / or \\`],
    ['a template with ..', withProfile({ fileName: '..{title}' }), `${at}.fileName: A file-name template holds no ".."`],
    ['a template with an open brace', withProfile({ fileName: '{title' }), `${at}.fileName: Every { in a file-name template closes`],
    ['a template over 200 characters', withProfile({ fileName: 'x'.repeat(201) }), `${at}.fileName: expected at most 200 characters, got 201`],
    ['a missing source', withProfile({ source: undefined }), `${at}.source: is required`],
    ['a source title over 200 characters', withProfile({ source: { title: 'x'.repeat(201) } }), `${at}.source.title: expected at most 200 characters, got 201`],
    ['a source URL that is not http(s)', withProfile({ source: { title: 'x', url: 'javascript:alert(1)' } }), `${at}.source.url: expected an absolute http(s) URL (http or https)`],
    ['a source URL over 2000 characters', withProfile({ source: { title: 'x', url: `https://a.example/${'x'.repeat(2000)}` } }), `${at}.source.url: expected at most 2000 characters`],
    ['an unknown unpublished figure', withProfile({ source: { title: 'x', unpublished: ['bitrate'] } }), `${at}.source.unpublished[0]: expected one of "codec"`],
    ['more than 50 destinations', { delivery: { destinations: Array.from({ length: 51 }, (_, i) => ({ ...radio, id: `r${i}` })) } }, 'config.delivery.destinations: expected at most 50 destinations, got 51'],
  ];

  for (const [name, config, message] of table) {
    it(`refuses ${name}`, () => {
      const actual = refusal(config);
      expect(actual.startsWith(message), `\n${actual}\ndoes not start with\n${message}`).to.equal(true);
    });
  }

  it('refuses a duplicate id, naming both places', () => {
    const message = refusal({ delivery: { destinations: [radio, { ...radio, label: 'Again' }] } });
    expect(message).to.equal('config.delivery.destinations[1].id: "radio-x" is also the id of config.delivery.destinations[0]; each destination has its own id');
  });

  it('lists every problem of a profile at once', () => {
    try {
      resolveConfig({ auth, ...withProfile({ sampleRate: 22050, loudness: 0 }) }, { origin });
      expect.fail('expected a refusal');
    } catch (error) {
      expect((error as StudioConfigError).issues.map((issue) => issue.path)).to.deep.equal([`${at}.sampleRate`, `${at}.loudness`]);
    }
  });
});
