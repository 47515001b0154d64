import { describe, expect, it } from 'vitest';
import { validate } from './validate.js';

describe('the interop JSON Schema validator', () => {
  const schema = {
    type: 'object',
    required: ['id', 'date', 'link', 'tags'],
    properties: {
      id: { type: 'integer' },
      price: { type: 'string' },
      date: { type: ['string', 'null'], format: 'date-time' },
      link: { type: 'string', format: 'uri' },
      status: { enum: ['publish', 'draft'] },
      tags: { type: 'array', items: { $ref: '#/$defs/tag' } },
    },
    $defs: { tag: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
  };

  it('accepts a valid value, nulls where the type allows them, and extra properties', () => {
    expect(validate({ id: 1, date: null, link: 'http://127.0.0.1:8787/app/#/product/1', tags: [{ id: 2 }], barcode: 'x' }, schema)).toEqual([]);
    expect(validate({ id: 1, date: '2025-01-02T03:04:05', link: 'https://shop.example/p/', tags: [] }, schema)).toEqual([]);
  });

  it('names each breach with its path', () => {
    expect(validate({ id: 1.5, date: '2025-01-02', link: '', status: 'sold', tags: [{ id: '2' }], price: 3 }, schema)).toEqual([
      '$.id: number is not of type integer',
      '$.price: integer is not of type string',
      '$.date: "2025-01-02" is not a date-time',
      '$.link: "" is not an absolute URI',
      '$.status: "sold" is not one of ["publish","draft"]',
      '$.tags[0].id: string is not of type integer',
    ]);
    expect(validate({ id: 1 }, schema)).toEqual(['$: missing date', '$: missing link', '$: missing tags']);
    expect(validate(null, schema)).toEqual(['$: null is not of type object']);
  });

  it('enforces additionalProperties false, anyOf and const', () => {
    expect(validate({ a: 1, b: 2 }, { type: 'object', properties: { a: {} }, additionalProperties: false })).toEqual(['$: unexpected b']);
    expect(validate(3, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual(['$: matches none of anyOf']);
    expect(validate('x', { const: 'y' })).toEqual(['$: "x" is not "y"']);
  });
});
