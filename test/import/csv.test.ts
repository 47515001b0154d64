import { describe, expect, it } from 'vitest';
import { decimalCell, localToGmt } from '../../server/domain/import/cells.js';
import { splitList, unescapeCell } from '../../server/domain/import/columns.js';
import { readCsv, UnusableFileError } from '../../server/domain/import/csv.js';

/** The pure parts of the imports: reading CSV bytes, list cells, and sale dates in the store's time zone. */

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readCsv', () => {
  it('numbers rows by the line they start on, across CRLF, quoted line breaks, blank and empty rows', () => {
    const table = readCsv(bytes('\ufeffSKU,Name,Description\r\nA,"Apple, red","Crisp\r\nand sweet"\r\n\r\n,,\r\nB,Banana,\nC,"Cherry ""Morello""",x'));
    expect(table.header).toEqual(['SKU', 'Name', 'Description']);
    expect(table.records).toEqual([
      { line: 2, fields: ['A', 'Apple, red', 'Crisp\r\nand sweet'] },
      { line: 6, fields: ['B', 'Banana', ''] },
      { line: 7, fields: ['C', 'Cherry "Morello"', 'x'] },
    ]);
  });

  it('keeps short rows short, as WooCommerce writes rows before later columns appear', () => {
    expect(readCsv(bytes('a,b,c\n1,2\n')).records).toEqual([{ line: 2, fields: ['1', '2'] }]);
  });

  it.each([
    ['', 'the file is empty'],
    ['\ufeff \n', 'the file is empty'],
    ['a,b\n', 'the file has a header but no rows'],
    ['a,b\n1,"2\n', 'the file is not a valid CSV: a quoted field is never closed (in the row starting on line 2)'],
    ['a,b\n1,2\n3,4"x"\n', 'the file is not a valid CSV: a quote appears inside a field that does not start with one (in the row starting on line 3)'],
  ])('refuses %j', (text, message) => {
    expect(() => readCsv(bytes(text))).toThrow(new UnusableFileError(message));
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(() => readCsv(Uint8Array.from([0x61, 0x0a, 0x43, 0x61, 0x66, 0xe9, 0x0a]))).toThrow('the file is not UTF-8 text');
  });
});

describe('cells', () => {
  it('splits lists on commas but not on escaped ones', () => {
    expect(splitList('Drinks > Tea\\, Herbal, Gifts ,')).toEqual(['Drinks > Tea, Herbal', 'Gifts', '']);
  });

  it("takes off the exporter's formula escape and nothing else", () => {
    expect(["'-2", "'=SUM(A1)", "'+1", "'@x", "'quoted'", '-2'].map(unescapeCell)).toEqual(['-2', '=SUM(A1)', '+1', '@x', "'quoted'", '-2']);
  });

  it("reads prices with the store's decimal separator, as WooCommerce exports them", () => {
    expect(decimalCell('regular price', ',').parse('10,50')).toBe('10.50');
    expect(decimalCell('regular price', '.').parse(' 10.50 ')).toBe('10.50');
    expect(
      decimalCell('regular price', '.')
        .safeParse('10,50')
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['regular price 10,50 is not a number']);
    expect(
      decimalCell('sale price', '.')
        .safeParse("'-1")
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['sale price -1 is negative']);
  });

  it('turns a local date into GMT in the store time zone, across daylight-saving changes', () => {
    expect(localToGmt('2025-07-01T00:00:00', 'Europe/London')).toBe('2025-06-30T23:00:00');
    expect(localToGmt('2025-01-01T00:00:00', 'America/Los_Angeles')).toBe('2025-01-01T08:00:00');
    expect(localToGmt('2025-03-30T23:59:59', 'Europe/Berlin')).toBe('2025-03-30T21:59:59');
    expect(localToGmt('2025-03-09T00:00:00', 'America/New_York')).toBe('2025-03-09T05:00:00');
    expect(localToGmt('2025-12-31T23:59:59', 'UTC')).toBe('2025-12-31T23:59:59');
  });
});
