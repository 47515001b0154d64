/**
 * The drawer day at the till (issue 7's cash sessions): open the register with a float, cash in and
 * out, the X report, a blind close (the counted cash goes to the server before anything shows what
 * was expected), then the Z report the server rendered. Amounts go as typed; every figure shown is
 * the server's.
 */
import { formatPrice } from './format.js';
import type { Till } from './till.js';
import * as receiptsApi from './api/receipts.js';
import * as registersApi from './api/registers.js';

export class DrawerDesk {
  constructor(private readonly till: Till) {}

  private registerId(): number | null {
    return this.till.state.get().drawer?.register?.id ?? null;
  }

  private async act<T>(work: (registerId: number) => Promise<T>, done: string | ((answer: T) => string)): Promise<boolean> {
    const id = this.registerId();
    if (id === null) return false;
    this.till.state.set({ busy: true, status: null });
    try {
      const answer = await work(id);
      this.till.state.set({ busy: false });
      await this.till.loadDrawer();
      this.till.info(typeof done === 'string' ? done : done(answer));
      return true;
    } catch (error) {
      this.till.fail(error);
      return false;
    }
  }

  open(openingFloat: string, note: string): Promise<boolean> {
    return this.act(
      (id) => registersApi.open(this.till.client, id, { opening_float: openingFloat, note }),
      `The register is open with a float of ${formatPrice(openingFloat, this.till.state.get().store)}.`,
    );
  }

  /** Cash put in or taken out; taking out may need a manager's approval when the settings say so. */
  cash(type: 'in' | 'out', amount: string, reason: string): Promise<boolean> {
    return this.act(
      (id) => this.till.approvals.run(null, (headers) => registersApi.cash(this.till.client, id, { type, amount, reason }, headers)),
      `${type === 'in' ? 'Cash in' : 'Cash out'} of ${formatPrice(amount, this.till.state.get().store)} recorded.`,
    );
  }

  /** Opens the drawer without a sale; the server records who and when, and may ask for a manager's approval. */
  noSale(reason: string): Promise<boolean> {
    return this.act(
      (id) => this.till.approvals.run(null, (headers) => registersApi.noSale(this.till.client, id, { reason }, headers)),
      // The server sends the pulse to the drawer's printer and says whether it reached it.
      ({ drawer }) => `No sale recorded. ${drawer.message}`,
    );
  }

  /** The blind close: the count is sent, and only the Z report that comes back shows the expected cash. */
  async close(countedCash: string, note: string): Promise<boolean> {
    const id = this.registerId();
    if (id === null) return false;
    this.till.state.set({ busy: true, status: null });
    try {
      const z = await registersApi.close(this.till.client, id, { counted_cash: countedCash, note });
      const html = await receiptsApi.closureHtml(this.till.client, z.id);
      this.till.state.set((state) => ({ busy: false, drawer: { register: state.drawer?.register ?? null, report: null, closure: { report: z, html } } }));
      await this.till.loadDrawer();
      return true;
    } catch (error) {
      this.till.fail(error);
      return false;
    }
  }

  dismissClosure(): void {
    this.till.state.set((state) => ({ drawer: state.drawer === null ? null : { ...state.drawer, closure: null } }));
  }
}
