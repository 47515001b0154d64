import { z } from 'zod';
import type { Database } from '../../data/database.js';
import type { RegistersRepository } from '../../data/repositories/registers.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { gmtNow } from '../../model/dates.js';
import { itemsOfType, type OrderRecord } from '../../model/orders/types.js';
import type { ApprovalService } from '../approvals/approval-service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Principal } from '../auth/auth-service.js';
import { EXCHANGE_CREDIT_GATEWAY, EXCHANGE_CREDIT_TITLE } from '../registers/reports.js';
import { POS_REGISTER } from '../registers/tills.js';
import type { Gateways } from './gateways.js';
import { orderCreateInput } from './input.js';
import type { OrderLifecycle } from './lifecycle.js';
import type { OrderService } from './orders.js';
import { refundInput, type RefundService } from './refunds.js';

/** The meta that marks an order as goods taken back without their sale (a return order). */
export const RETURN_WITHOUT_RECEIPT = '_pos_return_without_receipt';

const returnedQuantity = z.coerce
  .number('must be a number')
  .positive('must be more than zero')
  .refine((value) => Math.round(value * 1000) === value * 1000, 'has at most three decimal places');

/** `POST /returns`: the goods brought back, the tender the money goes back through, and whether they go back on the shelf. */
export const returnInput = z.object({
  line_items: z
    .array(
      z.object({
        product_id: z.coerce.number().int('must be a product id').positive('must be a product id'),
        variation_id: z.coerce.number().int('must be a variation id').positive('must be a variation id').optional(),
        quantity: returnedQuantity,
      }),
    )
    .min(1, 'name at least one item brought back')
    .max(100),
  refund_destination: z.string().trim().min(1, 'name the tender the money goes back through').max(100),
  /** The till taking the goods back (default: the store's first): an exchange's credit pays only at this till. */
  register_id: z.coerce.number().int('must be a register id').positive('must be a register id').optional(),
  restock: z.boolean().default(true),
  reason: z.string().trim().max(500).default(''),
});
export type ReturnInput = z.output<typeof returnInput>;

/** What ReturnService is built from (server/composition.ts builds each once). */
export interface ReturnServiceParts {
  orders: OrderService;
  refunds: RefundService;
  lifecycle: OrderLifecycle;
  gateways: Gateways;
  approvals: ApprovalService;
  audit: AuditTrail;
  registers: RegistersRepository;
}

/**
 * Returns without a receipt: goods brought back whose sale cannot be found. The journal holds
 * sales and refunds, and a refund belongs to an order, so a return is a *return order* of the
 * returned items at today's prices (meta `_pos_return_without_receipt`), marked as taken from stock
 * by a sale made elsewhere, and at once refunded in full through the chosen tender: the refund is a
 * journal entry of this register and session like any other, so the drawer's expected cash drops
 * for cash, the X and Z reports count it as a refund, and with `restock` the items go back on the
 * shelf through the refund's own stock entry. The return order itself is never a sale: it takes no
 * payment and no stock, and has no sale entry. On a till connected to WooCommerce only the refund is
 * in the outbox (its journal entry); the push sends the return order up with it, before it
 * (server/sync/push/return-body.ts).
 */
export class ReturnService {
  constructor(
    private readonly db: Database,
    private readonly parts: ReturnServiceParts,
  ) {}

  create(input: ReturnInput, principal: Principal, approvalHeader: string | undefined, apiBase: string) {
    const { orders, refunds, lifecycle, gateways, approvals, audit, registers } = this.parts;
    return writeTransaction(this.db, () => {
      const approvalId = approvals.requireApproval('return_without_receipt', principal, approvalHeader);
      // An exchange's return goes to exchange credit, which is no gateway a checkout offers (server/domain/orders/exchanges.ts).
      const gateway =
        input.refund_destination === EXCHANGE_CREDIT_GATEWAY
          ? { record: { id: EXCHANGE_CREDIT_GATEWAY, title: EXCHANGE_CREDIT_TITLE } }
          : gateways.enabled(input.refund_destination);
      const created = orders.create(
        orderCreateInput.parse({
          line_items: input.line_items.map((line) => ({ product_id: line.product_id, variation_id: line.variation_id, quantity: line.quantity })),
          meta_data: [
            { key: RETURN_WITHOUT_RECEIPT, value: 'yes' },
            ...(input.register_id === undefined ? [] : [{ key: POS_REGISTER, value: String(input.register_id) }]),
          ],
        }),
        principal.user.id,
      ).order;
      const now = gmtNow();
      // Taken from stock by the sale the goods came from, wherever that was: the refund's restock puts them back.
      const taken: OrderRecord = {
        ...created,
        status: 'completed',
        payment_method: gateway.record.id,
        payment_method_title: gateway.record.title,
        date_paid_gmt: now,
        date_completed_gmt: now,
        date_modified_gmt: now,
        items: created.items.map((item) => (item.type === 'line_item' ? { ...item, data: { ...item.data, reduced_stock: item.data.quantity } } : item)),
      };
      lifecycle.save(taken);
      const refund = refunds.create(
        taken.id,
        refundInput.parse({
          line_items: itemsOfType(taken.items, 'line_item').map((line) => ({ id: line.id, quantity: line.data.quantity })),
          refund_destination: gateway.record.id,
          api_restock: input.restock,
          reason: input.reason === '' ? 'Return without a receipt' : `Return without a receipt: ${input.reason}`,
        }),
        principal.user.id,
        apiBase,
      );
      audit.record({
        actor: { id: principal.user.id, username: principal.user.username },
        action: 'order.return',
        object: { type: 'order', id: taken.id },
        amounts: { amount: refund.amount },
        approvalId,
        registerId: registers.orderTill(taken.id)?.register_id ?? null,
        details: { refund_id: refund.id, refund_destination: gateway.record.id, restock: input.restock, reason: input.reason },
        message: `${principal.user.username} took back goods without a receipt: ${refund.amount} through ${gateway.record.title}`,
      });
      return { order_id: taken.id, refund, restocked: input.restock };
    });
  }
}
