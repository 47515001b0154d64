import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCommandBlocks, answerMismatch, ROOT, runCommandBlock } from '../helpers/command-blocks.js';

/**
 * Every shell block of README.md and docs/ that talks to the server runs as written against a
 * fresh demo store (`npm start`'s, with the demo users' first-run passwords), and prints what the
 * block states under its commands (`# → ANSWER`): a stale stated answer fails here.
 */
const FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const BLOCKS = allCommandBlocks(FILES);

describe('the command blocks of the README and docs/', () => {
  it('are found, in the README and in the HTTP guide, and each states what it prints', () => {
    expect(BLOCKS.filter((block) => block.place.startsWith('README.md')).length).toBeGreaterThan(0);
    expect(BLOCKS.filter((block) => block.place.startsWith('docs/http-api.md')).length).toBeGreaterThan(4);
    for (const block of BLOCKS) expect(block.stated.length, block.place).toBeGreaterThan(0);
  });

  it.each(BLOCKS.map((block) => [block.place, block] as const))('%s runs as written and prints the answers it states', async (_place, block) => {
    expect(await runCommandBlock(block)).toEqual([]);
  });

  it('every error code a block answers is in the error table', () => {
    const table = readFileSync(join(ROOT, 'docs/errors.md'), 'utf8');
    const codes = new Set(
      BLOCKS.flatMap((block) =>
        block.stated.flatMap((stated) => stated.answers.flatMap((answer) => [...answer.matchAll(/"code":"(\w+)"/g)].map((match) => match[1]))),
      ),
    );
    expect(codes.size).toBeGreaterThan(0);
    for (const code of codes) expect(table, code).toContain(`\`${code}\``);
    expect(table).toContain('`pos_register_closed`');
  });
});

describe('a stated answer', () => {
  it.each([
    ['{"total":"9.87","status":"completed","id":1}', '{"total":"9.87"}', true],
    ['{"total":"9.88"}', '{"total":"9.87"}', false],
    ['{"line_items":[{"sku":"A"},{"sku":"B"}]}', '{"line_items":[{"sku":"A"}]}', false],
    ['[{"sku":"A","price":"1.00"}]', '[{"sku":"A"}]', true],
    ['{"total":9.87}', '{"total":"9.87"}', false],
    ['10.13', '10.13', true],
    ['10.13\n', '110.13', false],
    ['session.close cash.out', 'session.close cash.out session.open', false],
    ['Subtotal     9.25\nTOTAL USD    9.87\n', '…TOTAL USD 9.87', true],
    ['TOTAL USD    9.88\n', '…TOTAL USD 9.87', false],
    ['not json', '{"a":1}', false],
  ])('printed %j against stated %j holds: %s', (printed, stated, holds) => {
    expect(answerMismatch(printed, stated) === undefined).toBe(holds);
  });
});
