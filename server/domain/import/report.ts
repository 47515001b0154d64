/** One reason a row was left out, with the column of the file it is about when it is about one cell. */
export interface RowProblem {
  reason: string;
  column?: string;
}

/** A row the import left out, with its line in the file (the header is line 1) and why. */
export interface RejectedRow {
  line: number;
  /** Every reason, joined with `; `, as the command prints it. */
  reason: string;
  problems: RowProblem[];
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
  private readonly byLine = new Map<number, RowProblem[]>();

  add(line: number, ...reasons: string[]): void {
    this.addProblems(
      line,
      reasons.map((reason) => ({ reason })),
    );
  }

  addProblems(line: number, problems: readonly RowProblem[]): void {
    const known = this.byLine.get(line) ?? [];
    this.byLine.set(line, [...known, ...problems.filter((problem) => !known.some((earlier) => earlier.reason === problem.reason))]);
  }

  count(): number {
    return this.byLine.size;
  }

  has(line: number): boolean {
    return this.byLine.has(line);
  }

  list(): RejectedRow[] {
    return [...this.byLine.entries()]
      .sort(([a], [b]) => a - b)
      .map(([line, problems]) => ({ line, reason: problems.map((problem) => problem.reason).join('; '), problems }));
  }
}

/** `3 categories, 1 tag and 2 brands` from counts (zero counts are left out). */
export function countPhrase(counts: ReadonlyArray<[count: number, singular: string, plural: string]>): string {
  const parts = counts.filter(([count]) => count > 0).map(([count, singular, plural]) => `${count} ${count === 1 ? singular : plural}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}
