import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../server/http/middleware/body-parsers.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * The nesting limits of request bodies at their edges: a JSON string holding an escaped quote
 * (`"\""`) must not end the string early and hide the brackets after it, and a form body is held to
 * its own limit of 8 levels, not the parser's default of 32.
 */
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('jsonDepthExceeds', () => {
  it(`counts up to ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    expect(jsonDepthExceeds(bytes(nested(MAX_JSON_DEPTH)), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(bytes(nested(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH)).toBe(true);
  });

  it('does not count brackets inside strings', () => {
    expect(jsonDepthExceeds(bytes(`{"note":"${'['.repeat(100)}${'{'.repeat(100)}"}`), MAX_JSON_DEPTH)).toBe(false);
  });

  it('an escaped quote does not end a string: the 40 levels after "\\"" are counted', () => {
    // Read without the escape, `"\""` is a string `"\"` and a quote that opens another string, inside which the brackets would hide.
    expect(jsonDepthExceeds(bytes(`["\\"",${nested(40)}]`), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(bytes(`{"a":"x\\"y","b":${nested(40)}}`), MAX_JSON_DEPTH)).toBe(true);
  });

  it('an escaped backslash does end a string: "\\\\" then brackets inside the next string do not count', () => {
    expect(jsonDepthExceeds(bytes(`["\\\\","${'['.repeat(40)}"]`), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(bytes(`["\\\\",${nested(40)}]`), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('nesting limits over HTTP', () => {
  const { server, tokens } = useServer({ roles: ['cashier'] });

  const post = (contentType: string, body: string) => api(server, 'POST', '/orders', { token: tokens.cashier, body, headers: { 'content-type': contentType } });

  it('a JSON order whose 40 levels follow an escaped quote is refused before any handler', async () => {
    const hidden = await post('application/json', `{"customer_note":"\\"","meta_data":[{"key":"k","value":${nested(40)}}]}`);
    expect([hidden.status, hidden.body.code]).toEqual([400, 'rest_invalid_json']);
    // The same order nested within the limit is created, escaped quote and all.
    const shallow = await post('application/json', `{"customer_note":"\\"","meta_data":[{"key":"k","value":${nested(3)}}]}`);
    expect([shallow.status, shallow.body.customer_note]).toEqual([201, '"']);
  });

  it('a form body of 8 levels is read; 9 and 10 levels are refused', async () => {
    const form = (depth: number) => post('application/x-www-form-urlencoded', `customer_note=form&a${'[b]'.repeat(depth)}=1`);
    const eight = await form(8);
    expect([eight.status, eight.body.customer_note]).toEqual([201, 'form']);
    for (const depth of [9, 10]) {
      const deep = await form(depth);
      expect([deep.status, deep.body.code], `${depth} levels`).toEqual([400, 'rest_invalid_body']);
    }
  });
});
