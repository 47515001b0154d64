import { requireOrder } from './lookup.js';
import type { Database } from '../../data/database.js';
import { CheckoutsRepository } from '../../data/repositories/checkouts.js';
import { CustomersRepository } from '../../data/repositories/customers.js';
import { OrderStatusesRepository } from '../../data/repositories/order-statuses.js';
import { OrdersRepository } from '../../data/repositories/orders.js';
import { RefundsRepository } from '../../data/repositories/refunds.js';
import { SettingsRepository } from '../../data/repositories/settings.js';
import { StoresRepository } from '../../data/repositories/stores.js';
import { UsersRepository } from '../../data/repositories/users.js';
import type { CustomerRecord } from '../../model/customers/types.js';
import { Decimal, HALF_UP } from '../../model/money.js';
import { addressLines, nullableReceiptDate, ratePercent, ReceiptMoney, receiptDate, taxIdLabel } from '../receipts/format.js';
import { RECEIPT_LABELS, type ReceiptData, type ReceiptEnvelope, type ReceiptTaxId } from '../receipts/schema.js';
import { readGeneralSettings } from '../settings/general.js';
import { readSection } from '../settings/section.js';
import { TAX_IDS_SETTINGS } from '../settings/tax-ids.js';
import type { Store } from '../../model/stores.js';
import { sum } from '../taxes/calc.js';
import { isPaid } from './lifecycle.js';
import { OrderPayments } from './payments.js';
import { fiscalRecordOf, type FiscalReceiptEnvelope } from '../journal/fiscal.js';
import { currencySymbol } from './shape.js';
import { OrderStatuses } from './statuses.js';
import { itemsOfType, type ItemMeta, type ItemTax, type OrderRecord } from '../../model/orders/types.js';

/** What the receipt says about an amount that tax applies to: before tax, the tax, and with tax. */
interface Taxed {
  excl: Decimal;
  tax: Decimal;
}

/** Meta keys starting with `_` are the order's own bookkeeping, never printed (WooCommerce hides them too). */
function printableMeta(meta: readonly ItemMeta[]) {
  return meta.filter((entry) => !entry.key.startsWith('_')).map((entry) => ({ key: entry.key, value: typeof entry.value === 'string' ? entry.value : JSON.stringify(entry.value) }));
}

function metaText(meta: ReadonlyArray<{ key: string; value: unknown }>, key: string): string | undefined {
  const value = meta.find((entry) => entry.key === key)?.value;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * `GET /receipts/{order_id}` in live mode: the receipt data (server/domain/receipts/schema.ts) built
 * from the order as it is now.
 */
export class ReceiptService {
  private readonly orders: OrdersRepository;
  private readonly stores: StoresRepository;
  private readonly settings: SettingsRepository;

  constructor(private readonly db: Database) {
    this.orders = new OrdersRepository(db);
    this.stores = new StoresRepository(db);
    this.settings = new SettingsRepository(db);
  }

  receipt(orderId: number): ReceiptEnvelope {
    const order = requireOrder(this.orders, orderId);
    return { order_id: order.id, mode: 'live', has_snapshot: false, submission_status: null, data: this.payload(order, this.receiptStore(order)) };
  }

  /** The receipt with its sales-journal record (sequence, hash, reprints); 404 for an order the journal does not hold. */
  fiscal(orderId: number): FiscalReceiptEnvelope {
    const order = requireOrder(this.orders, orderId);
    const fiscal = fiscalRecordOf(this.db, order.id);
    return { order_id: order.id, mode: 'fiscal', has_snapshot: true, submission_status: null, data: { ...this.payload(order, this.receiptStore(order)), fiscal } };
  }

  /** The order's store; for the default store, the receipt overrides of `settings/general` replace its details where set. */
  private receiptStore(order: OrderRecord): Store {
    const store = this.stores.findOrDefault(order.store_id);
    if (store.id !== this.stores.defaultStore().id) return store;
    const general = readGeneralSettings(this.settings);
    return {
      ...store,
      name: general.store_name || store.name,
      phone: general.store_phone || store.phone,
      email: general.store_email || store.email,
      policies_and_conditions: general.policies_and_conditions || store.policies_and_conditions,
      tax_ids: general.store_tax_ids.length > 0 ? general.store_tax_ids : store.tax_ids,
    };
  }

  /** Tax ids the cashier wrote to the order, else to the customer, under the meta keys `settings/tax_ids` maps each type to. */
  private customerTaxIds(order: OrderRecord, customer: CustomerRecord | undefined): ReceiptTaxId[] {
    const { write_map } = readSection(this.settings, TAX_IDS_SETTINGS);
    return Object.entries(write_map).flatMap(([type, key]) => {
      const value = metaText(order.meta_data, key) ?? (customer && metaText(customer.meta_data, key));
      return value === undefined ? [] : [{ type, value, label: taxIdLabel(type) }];
    });
  }

  private payload(order: OrderRecord, store: Store): ReceiptData {
    const dp = store.price_num_decimals;
    const hints = {
      locale: store.locale,
      timezone: store.timezone,
      currency: order.currency,
      currency_symbol: currencySymbol(order.currency, store.locale),
      currency_position: store.currency_pos,
      price_thousand_separator: store.price_thousand_sep,
      price_decimal_separator: store.price_decimal_sep,
      price_num_decimals: dp,
    };
    const money = new ReceiptMoney(hints);
    const rounded = (value: Decimal | string) => new Decimal(value).toDecimalPlaces(dp, HALF_UP);
    const inclusive = store.tax_display_cart === 'incl';
    /** `<name>_excl`, `<name>_tax`, `<name>_incl` and the bare `<name>` the store shows, each rounded before they are added up. */
    const taxed = <K extends string>(name: K, { excl, tax }: Taxed) => {
      const incl = rounded(excl.plus(tax));
      return money.fields({ [name]: inclusive ? incl : rounded(excl), [`${name}_incl`]: incl, [`${name}_excl`]: rounded(excl), [`${name}_tax`]: rounded(tax) } as Record<K | `${K}_incl` | `${K}_excl` | `${K}_tax`, Decimal>);
    };
    const zone = store.timezone;
    const statuses = new OrderStatuses(new OrderStatusesRepository(this.db).all());
    const refunds = new RefundsRepository(this.db).forOrder(order.id);
    const cashier = order.cashier_id !== null ? new UsersRepository(this.db).findById(order.cashier_id) : undefined;
    const customer = order.customer_id > 0 ? new CustomersRepository(this.db).findById(order.customer_id) : undefined;
    const lines = itemsOfType(order.items, 'line_item');
    const fees = itemsOfType(order.items, 'fee');
    const shipping = itemsOfType(order.items, 'shipping');
    const coupons = itemsOfType(order.items, 'coupon');
    const taxLines = itemsOfType(order.items, 'tax');
    const labelOf = (rateId: number) => taxLines.find((line) => line.data.rate_id === rateId)?.data.label ?? '';
    const taxesOf = (taxes: readonly ItemTax[]) => taxes.map((tax) => ({ rate_id: tax.id, label: labelOf(tax.id), ...money.fields({ amount: tax.total }) }));
    const paid = isPaid(order, statuses);
    const providerData = (paid ? new CheckoutsRepository(this.db).completed(order.id)?.provider_data : undefined) ?? {};
    const cashText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    const tendered = cashText(providerData.amount_tendered);
    const change = tendered === null ? null : (cashText(providerData.change_due) ?? '0');

    const lineRows = lines.map((line) => {
      const { quantity, subtotal, subtotal_tax, total, total_tax } = line.data;
      const perUnit = (value: Decimal) => (quantity === 0 ? new Decimal(0) : value.div(quantity));
      const subtotalExcl = new Decimal(subtotal);
      const subtotalTax = new Decimal(subtotal_tax);
      const unitIncl = rounded(perUnit(subtotalExcl.plus(subtotalTax)));
      const unitExcl = rounded(perUnit(subtotalExcl));
      return {
        id: line.id,
        name: line.name,
        sku: line.data.sku,
        qty: quantity,
        meta: printableMeta(line.data.meta_data),
        ...money.fields({ unit_price: inclusive ? unitIncl : unitExcl, unit_price_incl: unitIncl, unit_price_excl: unitExcl }),
        ...taxed('line_subtotal', { excl: subtotalExcl, tax: subtotalTax }),
        ...taxed('discounts', { excl: subtotalExcl.minus(total), tax: subtotalTax.minus(total_tax) }),
        ...taxed('line_total', { excl: new Decimal(total), tax: new Decimal(total_tax) }),
        taxes: taxesOf(line.data.taxes),
      };
    });

    const feeTotals = { excl: sum(fees.map((fee) => rounded(fee.data.total))), tax: sum(fees.map((fee) => rounded(fee.data.total_tax))) };
    const refundTotal = sum(refunds.map((refund) => new Decimal(refund.amount)));
    const total = new Decimal(order.total);

    // What each rate taxed: the items (after coupons, before tax) that carry the rate.
    const taxedItems = [...lines, ...fees, ...shipping];
    const taxable = (rateId: number) => sum(taxedItems.filter((item) => item.data.taxes.some((tax) => tax.id === rateId)).map((item) => new Decimal(item.data.total)));
    const taxSummary = taxLines.map((line) => {
      const taxAmount = rounded(new Decimal(line.data.tax_total).plus(line.data.shipping_tax_total));
      const base = rounded(taxable(line.data.rate_id));
      return {
        rate_id: line.data.rate_id,
        code: line.data.rate_code,
        label: line.data.label,
        rate: ratePercent(line.data.rate_percent),
        compound: line.data.compound,
        ...money.fields({ taxable_amount_excl: base, tax_amount: taxAmount, taxable_amount_incl: base.plus(taxAmount) }),
      };
    });

    // Every tender taken so far: a part-paid order shows what was paid, each tender, and what is still due.
    const tenders = new OrderPayments(this.db).tendersOf(order);
    const recorded = tenders.some((tender) => tender.id > 0);
    const payments = recorded
      ? tenders.map((tender) => ({
          method_id: tender.gateway_id,
          method_title: tender.gateway_title,
          ...money.fields({ amount: tender.amount }),
          ...money.nullableFields({ tendered: tender.tendered, change: tender.tendered === null ? null : tender.change }),
          transaction_id: tender.transaction_id,
          paid: nullableReceiptDate(tender.date_created_gmt, zone),
        }))
      : paid
      ? [
          {
            method_id: order.payment_method,
            method_title: order.payment_method_title,
            ...money.fields({ amount: total }),
            ...money.nullableFields({ tendered, change }),
            transaction_id: order.transaction_id,
            paid: nullableReceiptDate(order.date_paid_gmt, zone),
          },
        ]
      : [];
    const paidTotal = recorded ? sum(tenders.map((tender) => new Decimal(tender.amount))) : paid ? total : new Decimal(0);
    const changeTotal = recorded ? sum(tenders.map((tender) => new Decimal(tender.change))) : new Decimal(change ?? 0);
    const dueTotal = order.status === 'cancelled' ? new Decimal(0) : Decimal.max(0, total.minus(paidTotal));

    const storeAddress = {
      address_1: store.store_address,
      address_2: store.store_address_2,
      city: store.store_city,
      state: store.store_state,
      postcode: store.store_postcode,
      country: store.store_country,
    };
    const customerName = customer ? `${customer.first_name} ${customer.last_name}` : `${order.billing.first_name} ${order.billing.last_name}`;
    const labels: Record<string, string> = { ...RECEIPT_LABELS };
    for (const [key, value] of Object.entries(store.receipt_i18n)) if (Object.hasOwn(RECEIPT_LABELS, key)) labels[key] = value;
    const subtotals = { excl: sum(lines.map((line) => rounded(line.data.subtotal))), tax: sum(lines.map((line) => rounded(line.data.subtotal_tax))) };

    return {
      order: {
        id: order.id,
        number: String(order.id),
        status: order.status,
        status_label: statuses.label(order.status),
        currency: order.currency,
        currency_symbol: hints.currency_symbol,
        prices_include_tax: order.prices_include_tax,
        customer_note: order.customer_note,
        created_via: order.created_via,
        created: receiptDate(order.date_created_gmt, zone),
        paid: nullableReceiptDate(order.date_paid_gmt, zone),
        completed: nullableReceiptDate(order.date_completed_gmt, zone),
      },
      store: {
        id: store.id,
        name: store.name,
        address: storeAddress,
        address_lines: addressLines(storeAddress, store.locale),
        phone: store.phone,
        email: store.email,
        url: store.url,
        tax_ids: store.tax_ids.map((taxId) => ({ type: taxId.type, value: taxId.value, label: taxId.label ?? taxIdLabel(taxId.type) })),
        opening_hours_notes: store.opening_hours_notes,
        personal_notes: store.personal_notes,
        policies_and_conditions: store.policies_and_conditions,
        footer_imprint: store.footer_imprint,
      },
      cashier: cashier ? { id: cashier.id, name: cashier.display_name } : null,
      customer: {
        id: customer?.id ?? 0,
        is_guest: customer === undefined,
        name: customerName.trim(),
        first_name: customer?.first_name ?? order.billing.first_name,
        last_name: customer?.last_name ?? order.billing.last_name,
        email: order.billing.email || (customer?.email ?? ''),
        phone: order.billing.phone,
        billing_address: order.billing,
        shipping_address: order.shipping,
        tax_ids: this.customerTaxIds(order, customer),
      },
      lines: lineRows,
      fees: fees.map((fee) => ({
        id: fee.id,
        label: fee.name,
        ...taxed('total', { excl: new Decimal(fee.data.total), tax: new Decimal(fee.data.total_tax) }),
        taxes: taxesOf(fee.data.taxes),
      })),
      shipping: shipping.map((line) => ({
        id: line.id,
        label: line.name,
        method_id: line.data.method_id,
        ...taxed('total', { excl: new Decimal(line.data.total), tax: new Decimal(line.data.total_tax) }),
        taxes: taxesOf(line.data.taxes),
      })),
      discounts: coupons.map((coupon) => ({
        code: coupon.name,
        label: coupon.name,
        discount_type: coupon.data.discount_type,
        ...taxed('total', { excl: new Decimal(coupon.data.discount), tax: new Decimal(coupon.data.discount_tax) }),
      })),
      totals: {
        ...taxed('subtotal', subtotals),
        ...taxed('discount_total', { excl: new Decimal(order.discount_total), tax: new Decimal(order.discount_tax) }),
        ...taxed('shipping_total', { excl: new Decimal(order.shipping_total), tax: new Decimal(order.shipping_tax) }),
        ...taxed('fee_total', feeTotals),
        ...money.fields({
          tax_total: order.total_tax,
          total,
          total_incl: total,
          total_excl: total.minus(order.total_tax),
          paid_total: paidTotal,
          due_total: dueTotal,
          change_total: changeTotal,
          refund_total: refundTotal,
          net_total: total.minus(refundTotal),
        }),
        has_discount: coupons.length > 0 && !new Decimal(order.discount_total).plus(order.discount_tax).isZero(),
        has_refunds: refunds.length > 0,
        has_due: payments.length > 0 && dueTotal.gt(0),
        // Weighed lines make quantities decimal: summed exactly, so 0.1 + 0.2 kg prints 0.3.
        total_qty: lines.reduce((count, line) => count.plus(line.data.quantity), new Decimal(0)).toNumber(),
        line_count: lines.length,
      },
      tax: {
        display: inclusive ? 'incl' : 'excl',
        display_incl: inclusive,
        display_excl: !inclusive,
        breakdown: store.tax_total_display,
        breakdown_itemized: store.tax_total_display === 'itemized',
        breakdown_single: store.tax_total_display === 'single',
        prices_include_tax: order.prices_include_tax,
      },
      tax_summary: taxSummary,
      has_tax_summary: taxSummary.length > 0,
      payments,
      refunds: refunds.map((refund) => ({
        id: refund.id,
        ...money.fields({ amount: refund.amount }),
        reason: refund.reason,
        refunded_payment: refund.refunded_payment,
        date: receiptDate(refund.date_created_gmt, zone),
        lines: refund.line_items.map((item) => {
          const tax = sum(item.taxes.map((entry) => new Decimal(entry.total)));
          return { type: item.type, name: item.name, sku: item.sku, qty: item.quantity, ...money.fields({ total_excl: rounded(item.total), total_tax: rounded(tax), total_incl: rounded(new Decimal(item.total).plus(tax)) }) };
        }),
      })),
      fiscal: {
        document_type: 'sale',
        sequence: null,
        hash: null,
        qr_payload: null,
        tax_agency_code: null,
        signed_at: null,
        signature_excerpt: null,
        document_label: '',
        is_reprint: false,
        reprint_count: 0,
        extra_fields: [],
      },
      presentation_hints: hints,
      i18n: labels as ReceiptData['i18n'],
    };
  }
}
