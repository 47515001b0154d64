/** The check digit of the first 12 digits of an EAN-13 (GS1 mod 10: weights 1 and 3 from the left). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('an EAN-13 check digit needs exactly 12 digits');
  const sum = first12.split('').reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** A full EAN-13 from its first 12 digits. */
export function ean13(first12: string): string {
  return `${first12}${ean13CheckDigit(first12)}`;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code.slice(12));
}

/**
 * The forms one GTIN takes: a UPC-A (12 digits), its EAN-13 (a leading 0) and its GTIN-14 (two)
 * are the same code, and scanners report whichever they were set up for. Anything else is itself.
 */
export function gtinForms(code: string): string[] {
  if (!/^\d{12,14}$/.test(code)) return [code];
  const core = code.replace(/^0+/, '');
  const forms = [12, 13, 14].filter((length) => core.length <= length).map((length) => core.padStart(length, '0'));
  return [...new Set([code, ...forms])];
}
