import type { Database } from '../../data/database.js';
import { PaymentGatewaysRepository, type PaymentGatewayRecord } from '../../data/repositories/payment-gateways.js';
import { SettingsRepository } from '../../data/repositories/settings.js';
import { StoresRepository } from '../../data/repositories/stores.js';
import { badRequest, invalidParams, notFound, type ApiError } from '../errors.js';
import { Decimal, formatMoney, isDecimalString } from '../money.js';
import { gatewaySettingOf, readPaymentGatewaySettings, type GatewaySetting } from '../settings/payment-gateways.js';
import type { Store } from '../stores.js';
import type { OrderRecord } from './types.js';

/** What a gateway's checkout produced: paid, with what the client should show, or refused. */
export type GatewayOutcome =
  | { paid: true; providerData: Record<string, unknown>; transactionId?: string | undefined }
  | { paid: false; providerData: Record<string, unknown>; error: ApiError };

/** A gateway the till can take payment with: how it prepares a payment and how it settles one. */
export interface GatewayAdapter {
  /** `provider_data` of the bootstrap: what the client needs before it takes the payment. */
  bootstrap(order: OrderRecord | undefined, store: Store): Record<string, unknown>;
  /** Settles the order's total from the checkout's `payment_data`. Refusals do not pay. */
  settle(order: OrderRecord, store: Store, paymentData: Record<string, unknown>): GatewayOutcome;
}

function amountDue(order: OrderRecord | undefined, store: Store): string | null {
  return order ? formatMoney(order.total, store.price_num_decimals) : null;
}

function moneyField(paymentData: Record<string, unknown>, name: string): Decimal | undefined {
  const value = paymentData[name];
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !isDecimalString(text.trim()) || text.trim().startsWith('-')) {
    throw invalidParams({ [`payment_data.${name}`]: `${name} must be a non-negative decimal amount such as "20.00"` });
  }
  return new Decimal(text.trim());
}

/** Cash: the cashier enters what the customer handed over; the change is worked out here. */
const cash: GatewayAdapter = {
  bootstrap: (order, store) => ({ currency: order?.currency ?? store.currency, amount_due: amountDue(order, store) }),
  settle(order, store, paymentData) {
    const dp = store.price_num_decimals;
    const tendered = moneyField(paymentData, 'amount_tendered');
    if (tendered === undefined) throw invalidParams({ 'payment_data.amount_tendered': 'amount_tendered is required for a cash payment' });
    const total = new Decimal(order.total);
    const providerData = { amount_tendered: formatMoney(tendered, dp), amount_due: formatMoney(total, dp), change_due: formatMoney(Decimal.max(0, tendered.minus(total)), dp) };
    if (tendered.lt(total)) {
      return {
        paid: false,
        providerData: { ...providerData, change_due: formatMoney(0, dp), short_by: formatMoney(total.minus(tendered), dp) },
        error: badRequest('pos_checkout_insufficient_tender', `The amount tendered (${formatMoney(tendered, dp)}) is less than the amount due (${formatMoney(total, dp)}).`, {
          amount_due: formatMoney(total, dp),
          amount_tendered: formatMoney(tendered, dp),
        }),
      };
    }
    return { paid: true, providerData };
  },
};

/** Card on a terminal beside the till: the terminal's transaction id may be recorded. */
const card: GatewayAdapter = {
  bootstrap: (order, store) => ({ currency: order?.currency ?? store.currency, amount_due: amountDue(order, store), requires_transaction_id: false }),
  settle(order, store, paymentData) {
    const raw = paymentData.transaction_id;
    if (raw !== undefined && raw !== null && (typeof raw !== 'string' || raw.length > 200)) throw invalidParams({ 'payment_data.transaction_id': 'transaction_id must be a string of at most 200 characters' });
    const transactionId = typeof raw === 'string' ? raw.trim() : '';
    return { paid: true, providerData: { amount_paid: formatMoney(order.total, store.price_num_decimals), transaction_id: transactionId }, transactionId: transactionId === '' ? undefined : transactionId };
  },
};

const ADAPTERS: Readonly<Record<string, GatewayAdapter>> = { pos_cash: cash, pos_card: card };

export interface Gateway {
  record: PaymentGatewayRecord;
  setting: GatewaySetting;
  adapter: GatewayAdapter | undefined;
}

/** The installed gateways with their till settings (`settings/payment-gateways`). */
export class Gateways {
  private readonly repository: PaymentGatewaysRepository;
  private readonly settings: SettingsRepository;
  private readonly stores: StoresRepository;

  constructor(db: Database) {
    this.repository = new PaymentGatewaysRepository(db);
    this.settings = new SettingsRepository(db);
    this.stores = new StoresRepository(db);
  }

  all(): Gateway[] {
    const settings = readPaymentGatewaySettings(this.settings);
    return this.repository
      .all()
      .map((record) => ({ record, setting: gatewaySettingOf(settings, record.id, record.position), adapter: ADAPTERS[record.id] }))
      .sort((a, b) => a.setting.order - b.setting.order || a.record.position - b.record.position);
  }

  find(id: string): Gateway | undefined {
    return this.all().find((gateway) => gateway.record.id === id);
  }

  /** An installed and enabled gateway, or 404 / 400 `pos_rest_gateway_disabled`. */
  enabled(id: string): Gateway {
    const gateway = this.find(id);
    if (!gateway) throw notFound('gateway');
    if (!gateway.setting.enabled) throw badRequest('pos_rest_gateway_disabled', `The payment gateway ${id} is disabled.`, { gateway_id: id });
    return gateway;
  }

  /** `GET /payment-gateways` items (wcpos-reference "Payment gateways"). */
  list() {
    return this.all().map(view);
  }

  defaultStore(): Store {
    return this.stores.defaultStore();
  }
}

function view(gateway: Gateway) {
  const { record, setting, adapter } = gateway;
  return {
    id: record.id,
    title: record.title,
    description: record.description,
    enabled: setting.enabled,
    order: setting.order,
    provider: record.provider,
    pos_type: record.pos_type,
    capabilities: {
      supports_checkout: adapter !== undefined,
      // POS gateways hand money back at the till, not through a payment provider.
      supports_automatic_refunds: false,
      supports_provider_refunds: false,
      requires_hardware: record.pos_type === 'terminal',
    },
    provider_data: {},
  };
}
