import { z } from 'zod';
import type { SettingsRepository } from '../../data/repositories/settings.js';

export const PAYMENT_GATEWAYS_SECTION = 'payment-gateways';

const gatewaySetting = z.strictObject({
  order: z.number().int().min(0).default(0),
  enabled: z.boolean().default(true),
  /** The status a paid order moves to (`completed` unless it needs shipping). */
  order_status: z.enum(['completed', 'processing', 'on-hold']).default('completed'),
});

/** `settings/payment-gateways` (wcpos-reference): which gateways the till offers, in which order. */
export const paymentGatewaySettingsSchema = z.object({
  default_gateway: z.string().min(1).default('pos_cash'),
  gateways: z.record(z.string(), gatewaySetting).default({}),
  auto_print_receipt: z.boolean().default(false),
});
export type PaymentGatewaySettings = z.output<typeof paymentGatewaySettingsSchema>;
export type GatewaySetting = z.output<typeof gatewaySetting>;

export function readPaymentGatewaySettings(settings: SettingsRepository): PaymentGatewaySettings {
  return paymentGatewaySettingsSchema.parse(settings.section(PAYMENT_GATEWAYS_SECTION));
}

/** A gateway's setting, with the defaults for one that has never been configured (enabled, in table order). */
export function gatewaySettingOf(settings: PaymentGatewaySettings, gatewayId: string, position: number): GatewaySetting {
  return settings.gateways[gatewayId] ?? gatewaySetting.parse({ order: position });
}
