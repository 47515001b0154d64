/**
 * Quick tenders of the cash screen: the exact amount and the next notes above it. Amounts stay
 * decimal strings; notes are only compared with the amount due (as whole minor units in BigInt),
 * never added or subtracted: the change is the server's answer.
 */
const NOTES = ['5', '10', '20', '50', '100', '200'];

function minorUnits(amount: string, decimals: number): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (match === null) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/** The amount due itself, then the next `count` notes strictly above it, formatted at the store's decimals. */
export function quickTenders(amountDue: string, decimals: number, count = 3): string[] {
  const due = minorUnits(amountDue, decimals);
  if (due === null) return [];
  const suffix = decimals > 0 ? `.${'0'.repeat(decimals)}` : '';
  const notes = NOTES.filter((note) => {
    const value = minorUnits(note, decimals);
    return value !== null && value > due;
  })
    .slice(0, count)
    .map((note) => `${note}${suffix}`);
  return [amountDue, ...notes];
}
