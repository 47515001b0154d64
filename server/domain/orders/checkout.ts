import { requireOrder } from './lookup.js';
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../data/database.js';
import type { CheckoutsRepository } from '../../data/repositories/checkouts.js';
import type { CheckoutRecord } from '../../model/records/checkouts.js';
import type { OrderStatusesRepository } from '../../data/repositories/order-statuses.js';
import type { OrdersRepository } from '../../data/repositories/orders.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { AuditTrail, AuditActor } from '../audit/audit-trail.js';
import { gmtNow } from '../../model/dates.js';
import { ApiError, badRequest, conflict, invalidParams } from '../errors.js';
import type { Gateways } from './gateways.js';
import { isPaid, type OrderLifecycle } from './lifecycle.js';
import { OrderStatuses, PAYABLE_STATUSES } from './statuses.js';
import type { OrderPayments } from './payments.js';
import { formatMoney } from '../../model/money.js';
import type { OrderRecord } from '../../model/orders/types.js';
import { writeTransaction } from '../../data/write-transaction.js';
import type { CheckoutState } from '../../../shared/resources/payments.js';
import type { DrawerKick } from '../../../shared/resources/registers.js';

/** `POST /orders/{id}/checkout` body (wcpos-reference "Checkout"). */
export const checkoutInput = z.object({
  gateway_id: z.string().trim().min(1, 'gateway_id is required').max(100),
  action: z.enum(['start']).default('start'),
  // PHP clients encode an empty object as `[]`.
  payment_data: z.preprocess((value) => (Array.isArray(value) && value.length === 0 ? {} : value), z.record(z.string(), z.unknown()).default({})),
});
export type CheckoutInput = z.output<typeof checkoutInput>;

/** The checkout state of an order, as GET and POST answer it (the wire type in shared/). */
export type { CheckoutState };

const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled', 'awaiting_customer']);

/** A stable hash of a request body: keys sorted at every level, so key order does not matter. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

export function requestHash(input: CheckoutInput): string {
  return createHash('sha256').update(canonical(input)).digest('hex');
}

interface StoredError {
  code: string;
  message: string;
  data: Record<string, unknown>;
}

function stateOf(record: CheckoutRecord): CheckoutState {
  return {
    checkout_id: record.id,
    order_id: record.order_id,
    gateway_id: record.gateway_id,
    status: record.status,
    provider_data: record.provider_data,
    terminal: TERMINAL_STATUSES.has(record.status),
  };
}

/** What CheckoutService is built from (server/composition.ts builds each once). */
export interface CheckoutServiceParts {
  statusRecords: OrderStatusesRepository;
  audit: AuditTrail;
  payments: OrderPayments;
  orders: OrdersRepository;
  checkouts: CheckoutsRepository;
  stores: StoresRepository;
  gateways: Gateways;
  lifecycle: OrderLifecycle;
}

/**
 * Checkout: pays an order through an enabled gateway in one transaction (payment details, paid
 * status, stock, sales and coupon uses), exactly once. Attempts that reach the gateway are stored
 * with their answer, so an `Idempotency-Key` replay gets the same answer and a different body
 * under the same key is a conflict.
 */
export class CheckoutService {
  private readonly orders: OrdersRepository;
  private readonly checkouts: CheckoutsRepository;
  private readonly stores: StoresRepository;
  private readonly gateways: Gateways;
  private readonly lifecycle: OrderLifecycle;
  private readonly payments: OrderPayments;
  private readonly audit: AuditTrail;
  private readonly statusRecords: OrderStatusesRepository;

  constructor(
    private readonly db: Database,
    parts: CheckoutServiceParts,
  ) {
    this.statusRecords = parts.statusRecords;
    this.audit = parts.audit;
    this.payments = parts.payments;
    this.orders = parts.orders;
    this.checkouts = parts.checkouts;
    this.stores = parts.stores;
    this.gateways = parts.gateways;
    this.lifecycle = parts.lifecycle;
  }

  private statuses(): OrderStatuses {
    return new OrderStatuses(this.statusRecords.all());
  }

  /**
   * `GET /orders/{id}/checkout`: the latest attempt; without one `pending`, or `completed` for an
   * order paid another way (`set_paid`, a status change) and `cancelled` for a cancelled order.
   */
  state(orderId: number): CheckoutState {
    const order = requireOrder(this.orders, orderId);
    const latest = this.checkouts.latest(orderId);
    if (latest) return { ...stateOf(latest), ...this.payments.summary(order) };
    const status = isPaid(order, this.statuses()) ? 'completed' : order.status === 'cancelled' ? 'cancelled' : 'pending';
    return {
      checkout_id: null,
      order_id: order.id,
      gateway_id: order.payment_method === '' ? null : order.payment_method,
      status,
      provider_data: {},
      terminal: TERMINAL_STATUSES.has(status),
      ...this.payments.summary(order),
    };
  }

  /** The payment the checkout of this attempt would settle: the order must exist and still be payable. */
  private assertPayable(order: OrderRecord): void {
    if (isPaid(order, this.statuses()))
      throw badRequest('pos_checkout_already_paid', `Order ${order.id} is already paid.`, { order_id: order.id, order_status: order.status });
    if (!PAYABLE_STATUSES.has(order.status)) {
      throw badRequest('pos_checkout_order_not_payable', `Order ${order.id} is ${order.status} and cannot be paid.`, {
        order_id: order.id,
        order_status: order.status,
      });
    }
  }

  /** `POST /payment-gateways/{id}/bootstrap`. */
  bootstrap(gatewayId: string, orderId: number | undefined) {
    const gateway = this.gateways.enabled(gatewayId);
    const order = orderId === undefined ? undefined : requireOrder(this.orders, orderId);
    if (order) this.assertPayable(order);
    const store = order ? this.stores.findOrDefault(order.store_id) : this.gateways.defaultStore();
    return {
      gateway_id: gateway.record.id,
      status: 'ready',
      expires_at: null,
      provider_data: gateway.adapter?.bootstrap(order, store, order ? this.payments.summary(order).amount_due : null) ?? {},
    };
  }

  /**
   * `POST /orders/{id}/checkout`. Refusals that reached the gateway are stored, then thrown.
   * `andThen` runs in the same transaction once the answer is a state (the route's audit entries),
   * so a sale costs one commit; `replayed` says the state is an earlier answer to the same key.
   */
  checkout(
    orderId: number,
    input: CheckoutInput,
    idempotencyKey: string | undefined,
    actor: AuditActor,
    andThen: (state: CheckoutState, replayed: boolean) => void = () => undefined,
  ): CheckoutState {
    const hash = requestHash(input);
    const result = writeTransaction(this.db, () => {
      const outcome = this.attempt(orderId, input, idempotencyKey, actor, hash);
      if ('state' in outcome) andThen(outcome.state, outcome.replayed === true);
      return outcome;
    });
    // IMMEDIATE: the write lock is taken before the order is read, so no other connection can pay it in between.
    if ('error' in result) throw result.error;
    return result.state;
  }

  /**
   * The answer of checkout `checkoutId` with what became of the drawer it opened (after its commit,
   * so after the answer was stored): stored again, so that a replay of its key gets it too.
   */
  withDrawer(checkoutId: string, state: CheckoutState, drawer: DrawerKick): CheckoutState {
    const answer: CheckoutState = { ...state, provider_data: { ...state.provider_data, drawer } };
    writeTransaction(this.db, () => {
      this.checkouts.setResponse(checkoutId, answer);
    });
    return answer;
  }

  private attempt(
    orderId: number,
    input: CheckoutInput,
    idempotencyKey: string | undefined,
    actor: AuditActor,
    hash: string,
  ): { state: CheckoutState; replayed?: true } | { error: ApiError } {
    const userId = actor.id;
    if (idempotencyKey !== undefined) {
      const earlier = this.checkouts.findByKey(orderId, idempotencyKey);
      if (earlier) {
        if (earlier.request_hash !== hash) {
          throw conflict('pos_idempotency_conflict', 'This Idempotency-Key was already used with a different request body.', { checkout_id: earlier.id });
        }
        if (earlier.response_status >= 400) {
          const stored = earlier.response as StoredError;
          return { error: new ApiError(earlier.response_status, stored.code, stored.message, stored.data) };
        }
        return { state: earlier.response as CheckoutState, replayed: true };
      }
    }
    const order = requireOrder(this.orders, orderId);
    const gateway = this.gateways.find(input.gateway_id);
    if (!gateway) throw invalidParams({ gateway_id: `${input.gateway_id} is not an installed payment gateway` });
    if (!gateway.setting.enabled)
      throw badRequest('pos_rest_gateway_disabled', `The payment gateway ${input.gateway_id} is disabled.`, { gateway_id: input.gateway_id });
    if (!gateway.adapter)
      throw badRequest('pos_checkout_unsupported_gateway', `The payment gateway ${input.gateway_id} cannot take payments at the till.`, {
        gateway_id: input.gateway_id,
      });
    this.assertPayable(order);

    const store = this.stores.findOrDefault(order.store_id);
    // Split payments: each checkout settles one part, from the drawer of the order's register.
    const till = this.payments.tills.drawerFor(order, store);
    const outcome = this.payments.settle(order, gateway.record.id, store, input.payment_data);
    const checkoutId = randomUUID();
    if (outcome.paid) {
      this.payments.record(order, outcome, gateway.record, till, checkoutId, userId, store);
      // Each tender taken is money in (or through) the drawer: one entry per part, the sale itself follows once nothing is due.
      const dp = store.price_num_decimals;
      this.audit.record({
        actor,
        action: 'order.payment',
        object: { type: 'order', id: order.id },
        amounts: {
          amount: formatMoney(outcome.amount, dp),
          ...(outcome.tendered === null ? {} : { tendered: formatMoney(outcome.tendered, dp), change: formatMoney(outcome.change, dp) }),
        },
        registerId: till.register.id,
        details: {
          gateway_id: gateway.record.id,
          checkout_id: checkoutId,
          transaction_id: outcome.transactionId,
          session_id: till.session?.id ?? null,
          pays_in_full: outcome.paysInFull,
        },
      });
    }
    const status = outcome.paid ? (outcome.paysInFull ? 'completed' : 'processing') : 'failed';
    const terminal = status !== 'processing';
    // The order as saved: paying writes it, and nothing else in this transaction does.
    let saved = order;
    if (outcome.paid && outcome.paysInFull) {
      const paid = this.lifecycle.pay(
        order,
        {
          paymentMethod: gateway.record.id,
          paymentMethodTitle: gateway.record.title,
          transactionId: outcome.transactionId === '' ? undefined : outcome.transactionId,
          configuredStatus: gateway.setting.order_status,
        },
        this.statuses(),
      );
      saved = this.payments.recordSale(paid, userId, { store, till });
    }
    const state: CheckoutState = {
      checkout_id: checkoutId,
      order_id: order.id,
      gateway_id: gateway.record.id,
      status,
      provider_data: outcome.providerData,
      terminal,
      ...this.payments.summary(saved, store),
    };
    const error = outcome.paid ? undefined : outcome.error;
    this.checkouts.insert({
      id: checkoutId,
      order_id: order.id,
      gateway_id: gateway.record.id,
      action: input.action,
      status,
      provider_data: outcome.providerData,
      idempotency_key: idempotencyKey ?? null,
      request_hash: hash,
      response: error ? { code: error.code, message: error.message, data: { ...error.data, checkout_id: checkoutId } } : state,
      response_status: error ? error.status : 200,
      created_by: userId,
      date_created_gmt: gmtNow(),
    });
    return error ? { error: new ApiError(error.status, error.code, error.message, { ...error.data, checkout_id: checkoutId }) } : { state };
  }
}
