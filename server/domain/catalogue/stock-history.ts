import type { StockLedgerRepository } from '../../data/repositories/stock-ledger.js';
import type { StockLedgerRecord } from '../../model/records/stock-ledger.js';

/** What StockHistory is built from (server/composition.ts builds each once). */
export interface StockHistoryParts {
  ledger: StockLedgerRepository;
}

/** Each product's and variation's stock history, as the stock ledger keeps it, newest first. */
export class StockHistory {
  private readonly ledger: StockLedgerRepository;

  constructor(parts: StockHistoryParts) {
    this.ledger = parts.ledger;
  }

  page(itemId: number, limit: number, offset: number): { records: StockLedgerRecord[]; total: number } {
    return this.ledger.history(itemId, limit, offset);
  }

  /** The newest entry: the one a stock change just wrote. */
  latest(itemId: number): StockLedgerRecord | undefined {
    return this.ledger.history(itemId, 1, 0).records[0];
  }
}
