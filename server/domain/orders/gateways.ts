import type { PaymentGatewaysRepository } from '../../data/repositories/payment-gateways.js';
import type { PaymentGatewayRecord } from '../../model/records/payment-gateways.js';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import { badRequest, notFound } from '../errors.js';
import { gatewaySettingOf, readPaymentGatewaySettings, type GatewaySetting } from '../settings/payment-gateways.js';
import type { Store } from '../../model/stores.js';
import type { OrderRecord } from '../../model/orders/types.js';
import type { PaymentGateway } from '../../../shared/resources/payments.js';

/**
 * A gateway the till can take payment with: what the client needs before it takes a payment. The
 * payment itself (one part of a split, cash change, card transaction id) is settled by OrderPayments.
 */
export interface GatewayAdapter {
  /** `provider_data` of the bootstrap; `amountDue` is what is left to pay on the order (null without one). */
  bootstrap(order: OrderRecord | undefined, store: Store, amountDue: string | null): Record<string, unknown>;
}

/** Cash: the cashier enters what the customer handed over (the change is worked out at checkout). */
const cash: GatewayAdapter = {
  bootstrap: (order, store, amountDue) => ({ currency: order?.currency ?? store.currency, amount_due: amountDue }),
};

/** Card on a terminal beside the till: the terminal's transaction id may be recorded. */
const card: GatewayAdapter = {
  bootstrap: (order, store, amountDue) => ({ currency: order?.currency ?? store.currency, amount_due: amountDue, requires_transaction_id: false }),
};

const ADAPTERS: Readonly<Record<string, GatewayAdapter>> = { pos_cash: cash, pos_card: card };

export interface Gateway {
  record: PaymentGatewayRecord;
  setting: GatewaySetting;
  adapter: GatewayAdapter | undefined;
}

/** What Gateways is built from (server/composition.ts builds each once). */
export interface GatewaysParts {
  repository: PaymentGatewaysRepository;
  settings: SettingsRepository;
  stores: StoresRepository;
}

/** The installed gateways with their till settings (`settings/payment-gateways`). */
export class Gateways {
  private readonly repository: PaymentGatewaysRepository;
  private readonly settings: SettingsRepository;
  private readonly stores: StoresRepository;

  constructor(parts: GatewaysParts) {
    this.repository = parts.repository;
    this.settings = parts.settings;
    this.stores = parts.stores;
  }

  all(): Gateway[] {
    const settings = readPaymentGatewaySettings(this.settings);
    return this.repository
      .all()
      .map((record) => ({ record, setting: gatewaySettingOf(settings, record.id, record.position), adapter: ADAPTERS[record.id] }))
      .sort((a, b) => a.setting.order - b.setting.order || a.record.position - b.record.position);
  }

  find(id: string): Gateway | undefined {
    const record = this.repository.find(id);
    return record && { record, setting: gatewaySettingOf(readPaymentGatewaySettings(this.settings), record.id, record.position), adapter: ADAPTERS[record.id] };
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

function view(gateway: Gateway): PaymentGateway {
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
