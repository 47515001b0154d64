/** A row the import left out, with its line in the file (the header is line 1) and why. */
export interface RejectedRow {
  line: number;
  reason: string;
}

/** What one import did. Rows are either created, updated, unchanged (already as the file says) or rejected. */
export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  rejected: RejectedRow[];
  /** What the import made besides the rows' own items: new categories, tags, brands, tax classes. */
  notes: string[];
}

/** Collects rejections; a row is rejected once, with every reason found so far. */
export class Rejections {
  private readonly byLine = new Map<number, string[]>();

  add(line: number, ...reasons: string[]): void {
    const known = this.byLine.get(line) ?? [];
    this.byLine.set(line, [...known, ...reasons.filter((reason) => !known.includes(reason))]);
  }

  count(): number {
    return this.byLine.size;
  }

  has(line: number): boolean {
    return this.byLine.has(line);
  }

  list(): RejectedRow[] {
    return [...this.byLine.entries()].sort(([a], [b]) => a - b).map(([line, reasons]) => ({ line, reason: reasons.join('; ') }));
  }
}

/** `3 categories, 1 tag and 2 brands` from counts (zero counts are left out). */
export function countPhrase(counts: ReadonlyArray<[count: number, singular: string, plural: string]>): string {
  const parts = counts.filter(([count]) => count > 0).map(([count, singular, plural]) => `${count} ${count === 1 ? singular : plural}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}
