/**
 * Payment gateways and an order's checkout (wcpos-reference "Payment gateways", "Checkout"): the
 * return types of the server's gateway view (server/domain/orders/gateways.ts) and CheckoutService.
 */

/** One of the till's gateways as `GET /payment-gateways` lists it. */
export interface PaymentGateway {
  id: string;
  title: string;
  description: string;
  enabled: boolean;
  order: number;
  provider: string;
  pos_type: string;
  capabilities: {
    supports_checkout: boolean;
    supports_automatic_refunds: boolean;
    supports_provider_refunds: boolean;
    requires_hardware: boolean;
  };
  provider_data: Record<string, unknown>;
}

/** One tender of a (split) payment, as the checkout state lists it. */
export interface Payment {
  gateway_id: string;
  amount: string;
  tendered: string | null;
  change: string;
  transaction_id: string;
  date: string | null;
  date_gmt: string;
}

export interface PaymentSummary {
  payments: Payment[];
  amount_paid: string;
  amount_due: string;
}

/** The checkout state of an order, as `GET` and `POST /orders/{id}/checkout` answer it. */
export interface CheckoutState extends Partial<PaymentSummary> {
  checkout_id: string | null;
  order_id: number;
  gateway_id: string | null;
  status: string;
  provider_data: Record<string, unknown>;
  terminal: boolean;
}

/** One gateway in `GET /settings/payment-gateways`: what the till offers, in which order, and the status a paid order takes. */
export interface GatewaySetting {
  id: string;
  title: string;
  description: string;
  order: number;
  enabled: boolean;
  order_status: 'completed' | 'processing' | 'on-hold';
}

/** `GET` and `POST /settings/payment-gateways`: the return type of the server's gatewaySettingsView. */
export interface GatewaySettings {
  default_gateway: string;
  gateways: Record<string, GatewaySetting>;
  auto_print_receipt: boolean;
}
