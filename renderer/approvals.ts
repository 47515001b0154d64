/**
 * Manager approval at the till: a request the server refuses with 403 `pos_approval_required`
 * opens the approval dialog; a manager types their username and PIN (or password) on this till,
 * `POST /auth/approvals` answers a single-use token, and the request is sent again carrying it in
 * `X-POS-Approval`. A request that needs two approvals (a hand-set price that is also a big
 * discount) asks twice and sends both tokens; an unspent token stays valid, as the server spends
 * them only when the request succeeds.
 */
import { ApiRequestError, type ApiClient } from './api-client.js';
import * as authApi from './api/auth.js';
import type { Store } from './store.js';

/** A request waiting for a manager's approval of `action` (the server's name for it). */
export interface ApprovalAsk {
  action: string;
  orderId: number | null;
  error: string;
}

/** What the approvals need of the till: its state's pending approval, and its client. */
export interface ApprovalHost {
  readonly state: Store<{ approval: ApprovalAsk | null }>;
  readonly client: ApiClient;
}

/** More refusals than the server has approvable actions would be a loop, not a request. */
const MAX_APPROVALS = 5;

/** The cashier closed the approval dialog: the request is not made. */
export class ApprovalCancelled extends Error {
  constructor() {
    super('No manager approved the request.');
    this.name = 'ApprovalCancelled';
  }
}

export type ManagerSecret = { pin: string } | { password: string };

interface Waiting {
  resolve: (token: string) => void;
  reject: (error: Error) => void;
}

/**
 * The approvals gathered so far, in the header the server reads them from. Built in a function, as
 * the words below are, so that a mutation run sees a changed name where a module constant would hide it.
 */
function approvalHeaders(tokens: readonly string[]): Record<string, string> {
  return tokens.length === 0 ? {} : { 'X-POS-Approval': tokens.join(', ') };
}

export function actionWords(action: string): string {
  const words: Readonly<Record<string, string>> = {
    refund: 'a refund',
    price_override: 'a price set by hand',
    discount: 'a discount this large',
    cash_out: 'taking cash out of the drawer',
    cancel_paid_order: 'cancelling a paid order',
    no_sale: 'opening the drawer without a sale',
    return_without_receipt: 'a return without a receipt',
  };
  return words[action] ?? action;
}

export class Approvals {
  private waiting: Waiting | null = null;

  constructor(private readonly till: ApprovalHost) {}

  /** Runs `send` (with the approvals gathered so far), asking a manager each time the server asks for one. */
  async run<T>(orderId: number | null, send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
    const tokens: string[] = [];
    for (;;) {
      try {
        return await send(approvalHeaders(tokens));
      } catch (error) {
        if (!(error instanceof ApiRequestError) || error.code !== 'pos_approval_required' || tokens.length >= MAX_APPROVALS) throw error;
        tokens.push(await this.ask(typeof error.data.action === 'string' ? error.data.action : '', orderId));
      }
    }
  }

  private ask(action: string, orderId: number | null): Promise<string> {
    this.waiting?.reject(new ApprovalCancelled());
    return new Promise<string>((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.till.state.set({ approval: { action, orderId, error: '' } });
    });
  }

  /** The dialog's form: the server checks the manager; a refusal stays in the dialog in the server's words. */
  async submit(username: string, secret: ManagerSecret): Promise<void> {
    const ask = this.till.state.get().approval;
    if (ask === null || this.waiting === null) return;
    try {
      const approval = await authApi.approve(this.till.client, {
        username,
        ...secret,
        action: ask.action,
        ...(ask.orderId === null ? {} : { order_id: ask.orderId }),
      });
      const { resolve } = this.waiting;
      this.waiting = null;
      this.till.state.set({ approval: null });
      resolve(approval.token);
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.message : 'The approval could not be checked.';
      this.till.state.set({ approval: { ...ask, error: message } });
    }
  }

  cancel(): void {
    const waiting = this.waiting;
    this.waiting = null;
    this.till.state.set({ approval: null });
    waiting?.reject(new ApprovalCancelled());
  }
}
