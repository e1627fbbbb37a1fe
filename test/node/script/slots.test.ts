import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StudioError } from '../../../src/errors.js';
import { slotNameProblem } from '../../../src/feed/slot-name.js';
import { StudioSlotError, fillSlots, parseSlots, sampleSpokenText, scriptSlots, slotNameAsWords, spokenText } from '../../../src/script/slots.js';

describe('slot syntax: finding slots', () => {
  it('finds each slot with its name and where it stands, braces included', () => {
    const text = 'Get {{product_name}} for {{price}}, {{product_name}} fans.';
    const { slots, problems } = parseSlots(text, 'Body');
    assert.deepEqual(problems, []);
    assert.deepEqual(
      slots.map((slot) => [slot.name, text.slice(slot.start, slot.end)]),
      [
        ['product_name', '{{product_name}}'],
        ['price', '{{price}}'],
        ['product_name', '{{product_name}}'],
      ],
    );
    assert.equal(slots[0]!.start, 4);
  });

  it('accepts letters, digits and _ and keeps the name as written (case-sensitive)', () => {
    const { slots } = parseSlots('{{Price}} {{price}} {{_x1}} {{SKU_2}}');
    assert.deepEqual(
      slots.map((slot) => slot.name),
      ['Price', 'price', '_x1', 'SKU_2'],
    );
  });

  it('reads \\{{ as a literal {{, which is no slot', () => {
    const parsed = parseSlots('Type \\{{price}} to add a price: {{price}}');
    assert.deepEqual(
      parsed.slots.map((slot) => slot.name),
      ['price'],
    );
    assert.deepEqual(parsed.problems, []);
    assert.equal(fillSlots(parsed, { price: '$5' }), 'Type {{price}} to add a price: $5');
  });

  it('names the section and the character of an unclosed {{', () => {
    const { problems, slots } = parseSlots('Only {{price today', 'Body');
    assert.equal(slots.length, 0);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]!.kind, 'unclosed');
    assert.equal(problems[0]!.index, 5);
    assert.equal(problems[0]!.section, 'Body');
    assert.match(problems[0]!.message, /^Section "Body", character 6: "\{\{" is not closed: end the slot with "\}\}"/);
  });

  it('calls a {{ unclosed when another {{ opens before its }}', () => {
    const { problems, slots } = parseSlots('{{name and {{price}}', 'Hook');
    assert.deepEqual(
      problems.map((problem) => [problem.kind, problem.index]),
      [['unclosed', 0]],
    );
    assert.deepEqual(
      slots.map((slot) => slot.name),
      ['price'],
    );
  });

  it('refuses a bad name, suggesting one, and counts characters (not UTF-16 units) in the message', () => {
    const { problems } = parseSlots('😀 Now {{product name}}!', 'Call to action');
    assert.equal(problems.length, 1);
    assert.equal(problems[0]!.kind, 'bad-name');
    assert.equal(problems[0]!.index, 7);
    assert.match(problems[0]!.message, /^Section "Call to action", character 7: "product name" is not a slot name/);
    assert.match(problems[0]!.message, /write \{\{product_name\}\}/);
  });

  it('refuses an empty name, a leading digit, and a name over 64 characters', () => {
    assert.equal(parseSlots('{{}}').problems[0]?.kind, 'bad-name');
    assert.match(parseSlots('{{}}').problems[0]!.message, /^Character 1: a slot name is not empty/);
    assert.equal(parseSlots('{{1st}}').problems[0]?.kind, 'bad-name');
    assert.equal(slotNameProblem('a'.repeat(64)), null);
    assert.match(slotNameProblem('a'.repeat(65)) ?? '', /at most 64 characters/);
  });

  it('quotes a hostile name safely in the message (bidi and control characters escaped)', () => {
    const { problems } = parseSlots('{{pri\u202Ece\n}}', 'Body');
    assert.equal(problems.length, 1);
    assert.ok(!/[\u202E\n]/.test(problems[0]!.message), problems[0]!.message);
    assert.match(problems[0]!.message, /pri\\u202ece\\n/);
  });
});

describe('slot syntax: filling', () => {
  it('fills every slot with its value', () => {
    assert.equal(fillSlots('{{a}} and {{b}}, {{a}}.', { a: 'One', b: 'Two' }), 'One and Two, One.');
    assert.equal(fillSlots('{{a}}', new Map([['a', 'From a map']])), 'From a map');
  });

  it('keeps a value as text: {{x}}, \\{{ and markup in a value are copied, never read again', () => {
    const values = { product_name: '{{price}} off \\{{ <script>alert(1)</script>', price: '$5' };
    assert.equal(fillSlots('Buy {{product_name}} now', values), 'Buy {{price}} off \\{{ <script>alert(1)</script> now');
  });

  it('keeps bidi control characters of a value as they are', () => {
    assert.equal(fillSlots('[{{name}}]', { name: 'abc\u202Edef' }), '[abc\u202Edef]');
  });

  it('throws naming the slot and the section when a value is missing, and uses `missing` when given', () => {
    assert.throws(
      () => fillSlots('{{price}}', {}, { section: 'Body' }),
      (error: unknown) => error instanceof StudioSlotError && error instanceof StudioError && error.code === 'slot' && /\{\{price\}\} in section "Body" has no value/.test(error.message),
    );
    assert.equal(fillSlots('[{{price}}]', {}, { missing: () => '' }), '[]');
  });

  it('takes only own values from an object: a slot named constructor or __proto__ has none', () => {
    assert.throws(() => fillSlots('{{constructor}}', {}), StudioSlotError);
    assert.throws(() => fillSlots('{{__proto__}}', {}), StudioSlotError);
    assert.equal(fillSlots('{{__proto__}}', JSON.parse('{"__proto__": "kept"}') as Record<string, string>), 'kept');
  });

  it('refuses to fill a malformed text, naming each problem', () => {
    assert.throws(
      () => fillSlots('{{price', { price: '1' }, { section: 'Body' }),
      (error: unknown) => error instanceof StudioSlotError && error.problems.length === 1 && /Section "Body", character 1/.test(error.message),
    );
  });
});

describe('slot syntax: the text as spoken', () => {
  const slots = [
    { name: 'brand', sample: 'Xiaomi', say: 'Shao-mee' },
    { name: 'price', sample: '9.99' },
  ];

  it("reads a slot's say where its value is the sample, and other values as written", () => {
    assert.equal(spokenText('{{brand}} at {{price}}', {}, slots), 'Shao-mee at 9.99');
    assert.equal(spokenText('{{brand}} at {{price}}', { brand: ' Xiaomi ', price: '5' }, slots), 'Shao-mee at 5');
    assert.equal(spokenText('{{brand}} at {{price}}', { brand: 'Acme', price: '5' }, slots), 'Acme at 5');
  });

  it('throws for a slot with neither a value nor a definition', () => {
    assert.throws(() => spokenText('{{other}}', {}, slots), StudioSlotError);
  });

  it('takes a blank sample for none: `missing` reads the slot then, or else it throws', () => {
    const blank = [{ name: 'price', sample: '  ', say: 'nine' }];
    assert.throws(() => spokenText('{{price}}', {}, blank), StudioSlotError);
    assert.equal(spokenText('{{price}}', {}, blank, { missing: (name) => `<${name}>` }), '<price>');
    assert.equal(spokenText('{{price}}', { price: '5' }, blank), '5');
  });
});

describe('slot syntax: the text voiced before any row (sampleSpokenText)', () => {
  const slots = [
    { name: 'brand', sample: 'Xiaomi', say: 'Shao-mee' },
    { name: 'price', sample: '59.99' },
    { name: 'offer', sample: '' },
  ];

  it('reads each slot as its sample, or its say when it has one', () => {
    assert.equal(sampleSpokenText('{{brand}} phones from {{price}}.', slots), 'Shao-mee phones from 59.99.');
  });

  it('reads a slot with no definition or a blank sample as its name, each _ a space', () => {
    assert.equal(sampleSpokenText('Buy {{product_name}} with {{offer}}.', slots), 'Buy product name with offer.');
    assert.equal(slotNameAsWords('_x_'), 'x');
    assert.equal(slotNameAsWords('_'), '_');
  });

  it('reads \\{{ as {{, and a malformed placeholder as written', () => {
    assert.equal(sampleSpokenText('Type \\{{price}} for {{price}}', slots), 'Type {{price}} for 59.99');
    assert.equal(sampleSpokenText('Only {{price today', slots), 'Only {{price today');
    assert.equal(sampleSpokenText('{{bad name}} at {{price}}', slots), '{{bad name}} at 59.99');
  });

  it('returns a text without slots as it is', () => {
    for (const text of ['', '  ', 'Plain words, a } and a \\ too.', 'One { brace']) assert.equal(sampleSpokenText(text, slots), text);
  });

  it('reads a sample as text: never for slots again', () => {
    assert.equal(sampleSpokenText('{{a}}', [{ name: 'a', sample: '{{price}} <img onerror=x>' }]), '{{price}} <img onerror=x>');
  });
});

describe('slot syntax: a whole script', () => {
  it('lists each name once in order of first use, across sections', () => {
    const read = scriptSlots([
      { label: 'Hook', text: 'Hey {{name}}' },
      { label: 'Body', text: '{{price}} for {{name}}' },
    ]);
    assert.deepEqual(read.names, ['name', 'price']);
    assert.deepEqual(read.problems, []);
    assert.equal(read.sections.length, 2);
  });

  it('refuses two names that differ only in case, naming both sections', () => {
    const read = scriptSlots([
      { label: 'Body', text: '{{price}}' },
      { label: 'Call to action', text: 'Now {{Price}}' },
    ]);
    assert.equal(read.problems.length, 1);
    assert.equal(read.problems[0]!.kind, 'case-clash');
    assert.match(read.problems[0]!.message, /^Section "Call to action", character 5: \{\{Price\}\} and \{\{price\}\} \(section "Body"\) differ only in case/);
  });

  it('keeps each problem by its section, with the names a message needs', () => {
    const read = scriptSlots([
      { label: 'Body', text: '{{price}} and {{1st}}' },
      { label: 'Body', text: 'Now {{Price}}' },
      { label: 'Call', text: 'Fine' },
    ]);
    assert.deepEqual(
      read.bySection.map((problems) => problems.map((problem) => [problem.kind, problem.index, problem.name, problem.other])),
      [[['bad-name', 14, '1st', undefined]], [['case-clash', 4, 'Price', 'price']], []],
    );
    assert.deepEqual(read.problems, read.bySection.flat());
  });

  it("collects every section's syntax problems", () => {
    const read = scriptSlots([
      { label: 'A', text: '{{a' },
      { label: 'B', text: '{{b c}}' },
    ]);
    assert.deepEqual(
      read.problems.map((problem) => [problem.section, problem.kind]),
      [
        ['A', 'unclosed'],
        ['B', 'bad-name'],
      ],
    );
  });
});
