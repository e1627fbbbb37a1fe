// vast.xml as a VAST reader sees it: every document validated by xmllint against the IAB's VAST 4.1 XSD
// (test/fixtures/vast_4.1.xsd, see its README), its text read back with XPath and compared with the input
// exactly, hostile text and file names included; the length in HH:MM:SS.mmm; the editor's own check of the
// input; and `config.delivery.destinations[i].vast` refused with its key path.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { IssueList } from '../../src/config/checks.js';
import { hostDestinations } from '../../src/config/destinations.js';
import { BUILTIN_DESTINATIONS } from '../../src/delivery/destinations.js';
import { vastDuration, vastMediaUrl, vastUrlFault, vastUrlProblem, vastXml, type VastInput } from '../../src/delivery/vast.js';
import { vastInputProblems } from '../../src/session/deliver-vast.js';
import { reasonText } from '../../src/rules/said.js';
import { manifestJson } from '../../src/delivery/manifest.js';
import { VERSION } from '../../src/version.js';
import { sampleManifest } from '../delivery/sample-manifest.js';
import { validate } from './json-schema.js';
import { needTools } from './support/tools.js';

/** The writer's check of a document: its settings by the judge's VAST rules, then its own figures (what `vastDocuments` asks). */
const check = (input: VastInput) => {
  const problems = vastInputProblems('vast-audio', input).map(reasonText);
  return { pass: problems.length === 0, problems };
};

const run = promisify(execFile);
const XSD = fileURLToPath(new URL('../fixtures/vast_4.1.xsd', import.meta.url));
const SHARED_XSD = fileURLToPath(new URL('../../../shared/standards/vast_4.1.xsd', import.meta.url));

const BASE = 'https://cdn.example.com/ads/summer';
const normal: VastInput = {
  settings: { mediaBaseUrl: BASE, impressionUrls: ['https://track.example.com/imp?ad=summer'] },
  adId: 'ABCD1234567',
  adServingId: 'b7d6e4c2-1f0a-4c3e-9a55-0d2f6b8e1a93',
  adTitle: 'Summer Sale: :30 main',
  seconds: 30,
  mediaFiles: [192, 128, 64].map((kbps) => ({ fileName: `Acme_Summer_30s_vast-audio_${kbps}k.mp3`, bitrateKbps: kbps, bytes: kbps * 125 * 30 + 417, sampleRate: 44100, channels: 2 })),
  mezzanine: { fileName: 'Acme_Summer_30s_vast-audio.wav', bytes: 5_292_044, sampleRate: 44100, channels: 2, bitDepth: 16 },
  id: 'main',
};
const withSettings = (settings: Partial<VastInput['settings']>, rest: Partial<VastInput> = {}): VastInput => ({ ...normal, ...rest, settings: { ...normal.settings, ...settings } });

let dir = '';
let written = 0;
/** Writes `xml` to a file of its own and returns its path. */
function save(xml: string): string {
  const file = join(dir, `vast-${++written}.xml`);
  writeFileSync(file, xml);
  return file;
}
/** xmllint against the XSD: passes, or fails with xmllint's words. */
async function assertValid(xml: string): Promise<string> {
  const file = save(xml);
  const result = await run('xmllint', ['--noout', '--schema', XSD, file]).then(
    ({ stderr }) => ({ ok: true, stderr }),
    (error: { stderr?: string }) => ({ ok: false, stderr: error.stderr ?? String(error) }),
  );
  assert.ok(result.ok, `not valid against the VAST 4.1 XSD:\n${result.stderr}\n${xml}`);
  assert.match(result.stderr, /validates/);
  return file;
}
/** An XPath over elements named by local name (the document is in the VAST namespace): `/VAST/Ad/@id`. */
const xpath = (path: string) => path.replace(/(^|\/)([A-Z]\w*)/g, (_, slash: string, name: string) => `${slash}*[local-name()="${name}"]`);
/** The string value of `path` in `file`, as xmllint reads it (it prints a newline after it). */
async function read(file: string, path: string): Promise<string> {
  const { stdout } = await run('xmllint', ['--xpath', `string(${xpath(path)})`, file]);
  assert.ok(stdout.endsWith('\n'), `xmllint printed ${JSON.stringify(stdout)}`);
  return stdout.slice(0, -1);
}
/** How many nodes `path` finds in `file`. */
async function readCount(file: string, path: string): Promise<number> {
  return Number((await run('xmllint', ['--xpath', `count(${xpath(path)})`, file])).stdout);
}
const INLINE = '/VAST/Ad/InLine';
const LINEAR = `${INLINE}/Creatives/Creative/Linear`;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-vast-'));
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('vast.xml, validated by xmllint against the VAST 4.1 XSD', () => {
  it('is the XSD the IAB publishes (the copy in test/fixtures equals ../shared/standards where that exists)', (t) => {
    const copy = readFileSync(XSD);
    assert.match(copy.subarray(0, 400).toString('utf8'), /targetNamespace="http:\/\/www\.iab\.com\/VAST" version="4\.1\.2"/);
    if (!existsSync(SHARED_XSD)) return t.skip(`${SHARED_XSD} is not beside this clone`);
    assert.ok(copy.equals(readFileSync(SHARED_XSD)), 'test/fixtures/vast_4.1.xsd differs from ../shared/standards/vast_4.1.xsd');
  });

  it('refuses a document the XSD does not allow (the check can fail): no Impression, no namespace', async () => {
    needTools('xmllint');
    const xml = vastXml(normal);
    for (const broken of [xml.replace(/^ *<Impression>.*\n/m, ''), xml.replace(' xmlns="http://www.iab.com/VAST"', '')]) {
      assert.notEqual(broken, xml);
      await assert.rejects(run('xmllint', ['--noout', '--schema', XSD, save(broken)]), /fails to validate/);
    }
  });

  it('writes a normal ad (three MP3s and a WAV Mezzanine) exactly so, and it validates', async () => {
    needTools('xmllint');
    const xml = vastXml(normal);
    const url = (name: string) => `<![CDATA[${BASE}/${name}]]>`;
    assert.equal(
      xml,
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<VAST version="4.1" xmlns="http://www.iab.com/VAST">',
        '  <Ad adType="audio" id="main">',
        '    <InLine>',
        `      <AdSystem version="${VERSION}">Service Studio Editor</AdSystem>`,
        '      <Impression><![CDATA[https://track.example.com/imp?ad=summer]]></Impression>',
        '      <AdServingId>b7d6e4c2-1f0a-4c3e-9a55-0d2f6b8e1a93</AdServingId>',
        '      <AdTitle>Summer Sale: :30 main</AdTitle>',
        '      <Creatives>',
        '        <Creative>',
        '          <UniversalAdId idRegistry="ad-id.org">ABCD1234567</UniversalAdId>',
        '          <Linear>',
        '            <Duration>00:00:30.000</Duration>',
        '            <MediaFiles>',
        `              <MediaFile delivery="progressive" type="audio/mpeg" width="0" height="0" bitrate="192" fileSize="720417">${url('Acme_Summer_30s_vast-audio_192k.mp3')}</MediaFile>`,
        `              <MediaFile delivery="progressive" type="audio/mpeg" width="0" height="0" bitrate="128" fileSize="480417">${url('Acme_Summer_30s_vast-audio_128k.mp3')}</MediaFile>`,
        `              <MediaFile delivery="progressive" type="audio/mpeg" width="0" height="0" bitrate="64" fileSize="240417">${url('Acme_Summer_30s_vast-audio_64k.mp3')}</MediaFile>`,
        `              <Mezzanine delivery="progressive" type="audio/wav" width="0" height="0" fileSize="5292044">${url('Acme_Summer_30s_vast-audio.wav')}</Mezzanine>`,
        '            </MediaFiles>',
        '          </Linear>',
        '        </Creative>',
        '      </Creatives>',
        '    </InLine>',
        '  </Ad>',
        '</VAST>',
        '',
      ].join('\n'),
    );
    assert.deepEqual(check(normal), { pass: true, problems: [] });
    const file = await assertValid(xml);
    assert.equal(await read(file, `${LINEAR}/MediaFiles/MediaFile[2]`), `${BASE}/Acme_Summer_30s_vast-audio_128k.mp3`);
    assert.equal(await read(file, `${LINEAR}/MediaFiles/MediaFile[3]/@bitrate`), '64');
    assert.equal(await read(file, `${LINEAR}/MediaFiles/Mezzanine/@fileSize`), '5292044');
    assert.equal(await read(file, `${INLINE}/AdSystem/@version`), VERSION);
  });

  it('with no impression URL, is refused by its check and writes no placeholder: no about:blank, no invented URL', async () => {
    needTools('xmllint');
    for (const settings of [{ mediaBaseUrl: BASE }, { mediaBaseUrl: BASE, impressionUrls: [] }]) {
      const input = { ...normal, settings };
      assert.deepEqual(check(input).problems, ['settings.impressionUrls: The "vast-audio" destination writes a vast.xml, and an ad server counts its plays by the impression URLs it holds; none was given: give at least one impression URL']);
      const xml = vastXml(input);
      assert.doesNotMatch(xml, /about:blank|<Impression/, 'nothing stands in for the missing URL');
      // Written anyway, the document is what the XSD says it is: invalid (Impression is required), never passed off as valid.
      const file = save(xml);
      const refused = await run('xmllint', ['--noout', '--schema', XSD, file]).then(() => false, () => true);
      assert.ok(refused, 'the XSD refuses a document without an Impression');
    }
  });

  it('gives every impression URL, in order, with its query string (&) exactly, and the error URL', async () => {
    needTools('xmllint');
    const impressionUrls = [
      'https://track.example.com/imp?ad=summer&v=1&c=a%20b',
      'http://pixel.example.net/p;id=7?x=1&y=2&z=',
      "https://measure.example.org/i?q='quoted'&list=a,b&sum=1+2#frag",
    ];
    const errorUrl = 'https://track.example.com/err?ad=summer&code=405';
    const input = withSettings({ impressionUrls, errorUrl });
    assert.deepEqual(check(input).problems, []);
    const file = await assertValid(vastXml(input));
    assert.equal(await readCount(file, `${INLINE}/Impression`), 3);
    for (const [index, url] of impressionUrls.entries()) assert.equal(await read(file, `${INLINE}/Impression[${index + 1}]`), url);
    assert.equal(await read(file, `${INLINE}/Error`), errorUrl);
  });

  it('escapes hostile text (quotes, <, >, &, ]]>, emoji, right-to-left) and encodes file names, and reads back exactly', async () => {
    needTools('xmllint');
    const adTitle = `Tom's "Big" <Sale> & more ]]> <![CDATA[x]]> 🎧🇫🇷 تخفيضات الصيف שלום`;
    const adSystem = `Acme <Ads> & "Co" ]]> 'sys' 📻 עברית`;
    const adServingId = `id-<&>"'-]]>`;
    const id = `ad "1" & <2> ]]>`;
    const mp3 = 'Summer Sale #1 (final) 100% ?.mp3';
    const wav = 'Été 🎧 #2.wav';
    const input: VastInput = {
      ...withSettings({ adSystem }),
      adTitle,
      adServingId,
      id,
      mediaFiles: [{ ...normal.mediaFiles[0]!, fileName: mp3 }],
      mezzanine: { ...normal.mezzanine, fileName: wav },
    };
    assert.deepEqual(check(input).problems, []);
    const xml = vastXml(input);
    const file = await assertValid(xml);
    assert.equal(await read(file, `${INLINE}/AdTitle`), adTitle);
    assert.equal(await read(file, `${INLINE}/AdSystem`), adSystem);
    assert.equal(await read(file, `${INLINE}/AdSystem/@version`), '', "a host's own ad system carries no editor version");
    assert.equal(await read(file, `${INLINE}/AdServingId`), adServingId);
    assert.equal(await read(file, '/VAST/Ad/@id'), id);
    const mp3Url = await read(file, `${LINEAR}/MediaFiles/MediaFile`);
    assert.equal(mp3Url, `${BASE}/Summer%20Sale%20%231%20(final)%20100%25%20%3F.mp3`);
    assert.equal(decodeURIComponent(mp3Url.slice(BASE.length + 1)), mp3);
    const wavUrl = await read(file, `${LINEAR}/MediaFiles/Mezzanine`);
    assert.equal(decodeURIComponent(wavUrl.slice(BASE.length + 1)), wav);
    assert.equal(new URL(wavUrl).hash, '', 'the "#" of a name is part of its path, not a fragment');
  });

  it('keeps tabs, carriage returns and newlines of text as they were (a parser would fold them)', async () => {
    needTools('xmllint');
    const text = 'a\tb\r\nc\rd\ne';
    const file = save(vastXml({ ...normal, adTitle: text, id: text }));
    await run('xmllint', ['--noout', file]);
    assert.equal(await read(file, `${INLINE}/AdTitle`), text);
    assert.equal(await read(file, '/VAST/Ad/@id'), text);
  });

  it('writes what XML cannot hold at all (NUL, U+FFFF, a lone surrogate) as U+FFFD, and stays well formed', async () => {
    needTools('xmllint');
    const file = save(vastXml({ ...normal, adTitle: 'a\u0000b\uffffc\ud800d', id: 'e\u0001f' }));
    await run('xmllint', ['--noout', file]);
    assert.equal(await read(file, `${INLINE}/AdTitle`), 'a\ufffdb\ufffdc\ufffdd');
    assert.equal(await read(file, '/VAST/Ad/@id'), 'e\ufffdf');
  });

  it('keeps a URL with "]]>" inside its CDATA: well formed, read back exactly, no element injected', async () => {
    needTools('xmllint');
    const errorUrl = 'https://track.example.com/e?x=]]><Injected/><![CDATA[';
    const file = save(vastXml(withSettings({ errorUrl })));
    await run('xmllint', ['--noout', file]);
    assert.equal(await read(file, `${INLINE}/Error`), errorUrl);
    assert.equal(await readCount(file, '//Injected'), 0);
    assert.ok(check(withSettings({ errorUrl })).problems.some((problem) => problem.startsWith('settings.errorUrl: ')));
  });

  it('lists the captions as ClosedCaptionFiles before the MediaFiles, with their type and language, and it validates', async () => {
    needTools('xmllint');
    const file = await assertValid(vastXml({ ...normal, captions: { fileName: 'Acme_Summer_30s_captions.vtt', language: 'en-US' } }));
    const caption = `${LINEAR}/MediaFiles/ClosedCaptionFiles/ClosedCaptionFile`;
    assert.equal(await read(file, caption), `${BASE}/Acme_Summer_30s_captions.vtt`);
    assert.equal(await read(file, `${caption}/@type`), 'text/vtt');
    assert.equal(await read(file, `${caption}/@language`), 'en-US');
    assert.equal(await readCount(file, `${LINEAR}/MediaFiles/*`), normal.mediaFiles.length + 2, 'the captions, the MP3s and the Mezzanine');
    assert.equal(await readCount(file, `${LINEAR}/MediaFiles/ClosedCaptionFiles`), 1);
    assert.deepEqual(check({ ...normal, captions: { fileName: 'c.vtt', language: 'en" onload="x' } }).problems.map((problem) => problem.split(':')[0]), ['captions.language']);
  });

  it('writes the Ad-ID (upper case) under ad-id.org, and "unknown" for registry and value without one', async () => {
    needTools('xmllint');
    const withId = await assertValid(vastXml({ ...normal, adId: ' abcd1234567 ' }));
    assert.equal(await read(withId, `${INLINE}/Creatives/Creative/UniversalAdId`), 'ABCD1234567');
    assert.equal(await read(withId, `${INLINE}/Creatives/Creative/UniversalAdId/@idRegistry`), 'ad-id.org');
    const without = await assertValid(vastXml({ ...normal, adId: '' }));
    assert.equal(await read(without, `${INLINE}/Creatives/Creative/UniversalAdId`), 'unknown');
    assert.equal(await read(without, `${INLINE}/Creatives/Creative/UniversalAdId/@idRegistry`), 'unknown');
    assert.deepEqual(check({ ...normal, adId: '' }).problems, []);
  });

  it('writes Durations the XSD accepts, from a fraction of a second to nearly 24 hours', async () => {
    needTools('xmllint');
    for (const seconds of [0.001, 29.9996, 59.9996, 3599.9996, 86399.999]) {
      const file = await assertValid(vastXml({ ...normal, seconds }));
      assert.equal(await read(file, `${LINEAR}/Duration`), vastDuration(seconds));
    }
  });
});

describe('vastDuration', () => {
  it('is HH:MM:SS.mmm to the nearest millisecond, carrying into seconds, minutes and hours', () => {
    const cases: [number, string][] = [
      [0, '00:00:00.000'],
      [30, '00:00:30.000'],
      [0.0004, '00:00:00.000'],
      [0.0006, '00:00:00.001'],
      [15.25, '00:00:15.250'],
      [29.9994, '00:00:29.999'],
      [29.9996, '00:00:30.000'],
      [59.9996, '00:01:00.000'],
      [125.5, '00:02:05.500'],
      [3599.9996, '01:00:00.000'],
      [3723.004, '01:02:03.004'],
      [86399.999, '23:59:59.999'],
    ];
    for (const [seconds, expected] of cases) assert.equal(vastDuration(seconds), expected, `${seconds} s`);
  });

  it('throws on a length that is not a finite number of 0 s or more', () => {
    for (const seconds of [NaN, Infinity, -0.5]) assert.throws(() => vastDuration(seconds), RangeError);
  });
});

describe('vastMediaUrl', () => {
  it('adds the encoded name to a base with or without its trailing slash, each path part encoded', () => {
    assert.equal(vastMediaUrl('https://cdn.example.com/ads', 'a b#1.mp3'), 'https://cdn.example.com/ads/a%20b%231.mp3');
    assert.equal(vastMediaUrl('https://cdn.example.com/ads/', 'a b#1.mp3'), 'https://cdn.example.com/ads/a%20b%231.mp3');
    assert.equal(vastMediaUrl('https://cdn.example.com', 'row 7/Ad?.wav'), 'https://cdn.example.com/row%207/Ad%3F.wav');
    assert.equal(vastMediaUrl('https://cdn.example.com/', '\ud800.mp3'), 'https://cdn.example.com/%EF%BF%BD.mp3');
  });
});

describe('vastUrlFault', () => {
  it('names each fault by its code and never holds the URL itself (it may carry a token); vastUrlProblem words the same', () => {
    const token = 'SECRETTOKEN';
    const cases: [string, { base?: boolean }, string][] = [
      [`https://cdn.example.com/${token}/${'a'.repeat(2000)}`, {}, 'too-long'],
      [`https://cdn.example.com/${token} ads/`, {}, 'spaces'],
      [`ads/${token}/`, {}, 'not-absolute'],
      [`javascript:alert("${token}")`, {}, 'scheme'],
      [`data:text/html,${token}`, {}, 'scheme'],
      [`https://user:${token}@cdn.example.com/`, {}, 'credentials'],
      [`https://cdn.example.com/${token}/<ad>`, {}, 'character'],
      [`https://cdn.example.com/${token}/100%`, {}, 'percent'],
      [`https://cdn.example.com/${token}#a#b`, {}, 'hashes'],
      [`https://cdn.example.com/${token}?cb=[CACHEBUSTING]`, {}, 'brackets'],
      [`https://cdn.example.com/ads/?t=${token}`, { base: true }, 'base-query'],
    ];
    for (const [url, options, code] of cases) {
      const fault = vastUrlFault(url, options);
      assert.equal(fault?.code, code, url);
      assert.ok(!JSON.stringify(fault).includes(token), `${code}: ${JSON.stringify(fault)}`);
      assert.ok(vastUrlProblem(url, options)?.startsWith('expected'), url);
      assert.ok(!vastUrlProblem(url, options)!.includes(token), url);
    }
    assert.deepEqual(vastUrlFault('javascript:alert(1)'), { code: 'scheme', scheme: 'javascript:' });
    assert.equal(vastUrlFault('https://cdn.example.com/ads/', { base: true }), null);
    assert.equal(vastUrlProblem('https://track.example.com/imp?ad=1'), null);
  });
});

describe('checkVastInput', () => {
  const fields = (input: VastInput) => check(input).problems.map((problem) => problem.slice(0, problem.indexOf(': ')));

  it('refuses every URL but an absolute http(s) one of URI characters, naming the field', () => {
    const input = withSettings({
      mediaBaseUrl: 'javascript:alert(1)',
      impressionUrls: [
        'https://ok.example.com/i?a=1&b=2',
        '/relative/imp',
        'https://user:pass@track.example.com/i',
        'https://track.example.com/i?cb=[CACHEBUSTING]',
        'https://track.example.com/a b',
        'https://track.example.com/i\n',
        'data:image/gif;base64,R0lGOD',
        'https://track.example.com/i?x=%zz',
        'https://track.example.com/<i>',
        'https://track.example.com/i#a#b',
      ],
      errorUrl: 'ftp://track.example.com/e',
    });
    const { pass, problems } = check(input);
    assert.equal(pass, false);
    assert.deepEqual(problems, [
      'settings.mediaBaseUrl: expected an http(s) URL, not a "javascript:" one',
      'settings.impressionUrls[1]: expected an absolute http(s) URL, like "https://cdn.example.com/ads/"',
      'settings.impressionUrls[2]: expected a URL without a user name or password in it',
      'settings.impressionUrls[3]: expected "[" and "]" only around an IPv6 host: VAST 4.1 (xs:anyURI) allows them nowhere else, so a macro like [CACHEBUSTING] would make vast.xml invalid',
      'settings.impressionUrls[4]: expected a URL without spaces or control characters (percent-encode a space as %20)',
      'settings.impressionUrls[5]: expected a URL without spaces or control characters (percent-encode a space as %20)',
      'settings.impressionUrls[6]: expected an http(s) URL, not a "data:" one',
      'settings.impressionUrls[7]: expected "%" only as a percent-escape like %20',
      'settings.impressionUrls[8]: expected a URL of URI characters only: percent-encode "<"',
      'settings.impressionUrls[9]: expected at most one "#"',
      'settings.errorUrl: expected an http(s) URL, not a "ftp:" one',
    ]);
  });

  it('accepts an IPv6 host, and refuses a base URL with a query or fragment, or more than 10 impression URLs', () => {
    assert.deepEqual(check(withSettings({ mediaBaseUrl: 'http://[2001:db8::1]:8080/ads' })).problems, []);
    assert.deepEqual(fields(withSettings({ mediaBaseUrl: `${BASE}?v=2` })), ['settings.mediaBaseUrl']);
    assert.deepEqual(fields(withSettings({ mediaBaseUrl: `${BASE}#top` })), ['settings.mediaBaseUrl']);
    const eleven = Array.from({ length: 11 }, (_, index) => `https://track.example.com/${index}`);
    assert.deepEqual(check(withSettings({ impressionUrls: eleven })).problems, ['settings.impressionUrls: expected at most 10 URLs, got 11']);
    assert.deepEqual(check(withSettings({ impressionUrls: eleven.slice(1) })).problems, []);
  });

  it('refuses a wrong Ad-ID, empty or control-laden text, a length outside xs:time, and bad files', () => {
    const input: VastInput = {
      ...withSettings({ adSystem: 'Acme\nAds' }),
      adId: 'ABC',
      adServingId: ' ',
      adTitle: '',
      id: 'a\u0000b',
      seconds: 0,
      mediaFiles: [
        { ...normal.mediaFiles[0]!, bitrateKbps: 0, bytes: 1.5 },
        { ...normal.mediaFiles[1]!, fileName: '../escape.mp3', sampleRate: NaN },
        { ...normal.mediaFiles[2]!, fileName: normal.mediaFiles[0]!.fileName, channels: -2 },
      ],
      mezzanine: { ...normal.mezzanine, fileName: 'x\ud800.wav', bitDepth: 0 },
    };
    assert.deepEqual(check(input).problems, [
      'settings.adSystem: expected text without control characters (newlines, tabs, NUL)',
      'adId: An Ad-ID has 11 characters (a 4-character prefix, then 7); this one has 3.',
      'adServingId: expected text that is not empty',
      'adTitle: expected text that is not empty',
      'id: expected text without control characters (newlines, tabs, NUL)',
      'seconds: expected a length above 0 and under 24 hours, got 0',
      'mediaFiles[0].bitrateKbps: expected a whole number above 0, got 0',
      'mediaFiles[0].bytes: expected a whole number above 0, got 1.5',
      'mediaFiles[1].fileName: expected a file name without empty, "." or ".." parts, got "../escape.mp3"',
      'mediaFiles[1].sampleRate: expected a whole number above 0, got NaN',
      'mediaFiles[2].fileName: expected a name of its own; "Acme_Summer_30s_vast-audio_192k.mp3" is listed twice',
      'mediaFiles[2].channels: expected a whole number above 0, got -2',
      'mezzanine.fileName: expected text without a lone surrogate (a broken character)',
      'mezzanine.bitDepth: expected a whole number above 0, got 0',
    ]);
    assert.deepEqual(fields({ ...normal, seconds: 86_400 }), ['seconds']);
    assert.deepEqual(fields({ ...normal, seconds: NaN }), ['seconds']);
    assert.deepEqual(fields({ ...normal, mediaFiles: [] }), ['mediaFiles']);
    assert.deepEqual(fields({ ...normal, mezzanine: { ...normal.mezzanine, fileName: normal.mediaFiles[1]!.fileName } }), ['mezzanine.fileName']);
    assert.deepEqual(fields(withSettings({ adSystem: 'x'.repeat(101) })), ['settings.adSystem']);
  });
});

describe('config.delivery.destinations[i].vast', () => {
  // A host's VAST destination: the built-in vast-audio's renditions (three MP3s and a Mezzanine) under its own id.
  const vastAudio = BUILTIN_DESTINATIONS.find((destination) => destination.id === 'vast-audio')!;
  const profile = (id: string, vast?: unknown) => {
    const { vast: _builtin, ...rest } = JSON.parse(JSON.stringify(vastAudio)) as Record<string, unknown>;
    return { ...rest, id, ...(vast === undefined ? {} : { vast }) };
  };
  /** The issues of four destinations, the fourth with `vast`, and what was kept. */
  const check = (vast: unknown) => {
    const issues = new IssueList();
    const kept = hostDestinations([profile('a'), profile('b'), profile('c'), profile('d', vast)], 'config.delivery.destinations', issues);
    return { issues: issues.items.map((issue) => `${issue.path}: ${issue.message}`), kept };
  };
  const at = 'config.delivery.destinations[3].vast';
  const good = { mediaBaseUrl: 'https://cdn.example.com/ads/', impressionUrls: ['https://track.example.com/i?a=1&b=2'], adSystem: 'Acme Ads', errorUrl: 'https://track.example.com/e' };

  it('keeps a good one whole, and a profile without one has none', () => {
    const { issues, kept } = check(good);
    assert.deepEqual(issues, []);
    assert.deepEqual(kept?.[3]?.vast, good);
    assert.equal('vast' in kept![0]!, false);
    assert.deepEqual(check({ mediaBaseUrl: 'https://cdn.example.com/ads' }).kept?.[3]?.vast, { mediaBaseUrl: 'https://cdn.example.com/ads' });
  });

  it('fits manifest.json, which carries each file\'s profile (docs/delivery-manifest.schema.json)', () => {
    const schema = JSON.parse(readFileSync(new URL('../../docs/delivery-manifest.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    const manifest = sampleManifest();
    const withVast = (vast: unknown) => JSON.parse(manifestJson({ ...manifest, files: manifest.files.map((file) => ({ ...file, destination: { ...file.destination, vast } as typeof file.destination })) })) as unknown;
    assert.deepEqual(validate(withVast(check(good).kept![3]!.vast), schema), []);
    assert.ok(validate(withVast({ ...good, extra: 1 }), schema).some((error) => error.endsWith('.destination.vast.extra: no value is allowed here')));
  });

  it('refuses a javascript:, relative or credentialed URL with its key path, and the profile with it', () => {
    const { issues, kept } = check({ ...good, impressionUrls: ['https://track.example.com/i', 'javascript:alert(document.cookie)'] });
    assert.deepEqual(issues, [`${at}.impressionUrls[1]: expected an http(s) URL, not a "javascript:" one`]);
    assert.deepEqual(kept?.map((p) => p.id), ['a', 'b', 'c'], 'a profile with a refused vast is not used');
    assert.deepEqual(check({ ...good, mediaBaseUrl: 'ads/summer/' }).issues, [`${at}.mediaBaseUrl: expected an absolute http(s) URL, like "https://cdn.example.com/ads/"`]);
    const credentials = check({ ...good, errorUrl: 'https://admin:s3cret@track.example.com/e' }).issues;
    assert.deepEqual(credentials, [`${at}.errorUrl: expected a URL without a user name or password in it`]);
    assert.ok(!credentials.join('').includes('s3cret'), 'the password is not repeated');
    assert.deepEqual(check({ ...good, impressionUrls: ['data:text/html,<script>alert(1)</script>'] }).issues, [`${at}.impressionUrls[0]: expected an http(s) URL, not a "data:" one`]);
    assert.deepEqual(check({ ...good, impressionUrls: ['https://track.example.com/ i'] }).issues, [
      `${at}.impressionUrls[0]: expected a URL without spaces or control characters (percent-encode a space as %20)`,
    ]);
  });

  it('refuses more than 10 impression URLs, a long or control-laden adSystem, unknown keys and wrong types', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => `https://track.example.com/${index}`);
    assert.deepEqual(check({ ...good, impressionUrls: eleven }).issues, [`${at}.impressionUrls: expected at most 10 URLs, got 11`]);
    assert.deepEqual(check({ ...good, adSystem: 'x'.repeat(101) }).issues, [`${at}.adSystem: expected at most 100 characters, got 101`]);
    assert.deepEqual(check({ ...good, adSystem: 'Acme\u0007' }).issues, [`${at}.adSystem: expected text without control characters (newlines, tabs, NUL)`]);
    assert.deepEqual(check({ ...good, impresionUrls: [] }).issues, [`${at}.impresionUrls: unknown key; did you mean "impressionUrls"?`]);
    // Without mediaBaseUrl the delivery gives it (the Deliver panel asks for it).
    assert.deepEqual(check({ impressionUrls: [] }), { issues: [], kept: check({ impressionUrls: [] }).kept });
    assert.deepEqual(check({ impressionUrls: [] }).kept?.[3]?.vast, { impressionUrls: [] });
    assert.deepEqual(check({ ...good, impressionUrls: 'https://track.example.com/i' }).issues, [`${at}.impressionUrls: expected an array of absolute http(s) URLs, got "https://track.example.com/i"`]);
    assert.deepEqual(check('https://cdn.example.com/').issues, [`${at}: expected an object, got "https://cdn.example.com/"`]);
  });

  it('refuses VAST on a destination of one file, and an MP3 the encoder would make at a lower sample rate', () => {
    const issues = new IssueList();
    const single = { ...(JSON.parse(JSON.stringify(BUILTIN_DESTINATIONS[1])) as Record<string, unknown>), id: 'one', vast: good };
    hostDestinations([single], 'config.delivery.destinations', issues);
    assert.deepEqual(issues.items.map((issue) => `${issue.path}: ${issue.message}`), [
      'config.delivery.destinations[0].vast: needs renditions: at least one MP3 to serve and a WAV Mezzanine (as the built-in "vast-audio" has)',
    ]);
    const stereo64 = profile('low', good) as unknown as { renditions: Array<Record<string, unknown>> };
    stereo64.renditions = stereo64.renditions.map((rendition) => (rendition['id'] === '64k' ? { id: '64k', codec: rendition['codec'] } : rendition));
    const again = new IssueList();
    hostDestinations([stereo64], 'config.delivery.destinations', again);
    assert.deepEqual(again.items.map((issue) => `${issue.path}: ${issue.message}`), [
      'config.delivery.destinations[0].renditions[2].codec.bitrateKbps: an MP3 of 64 kbit/s in stereo would be encoded at a lower sample rate than 44100 Hz: give at least 112 kbit/s, or 1 channel (from 64 kbit/s)',
    ]);
  });
});
