import { z } from 'zod';
import type { PaymentGatewayRecord } from '../../model/records/payment-gateways.js';
import { invalidParams } from '../errors.js';
import type { GatewaySettings } from '../../../shared/resources/payments.js';
import { gatewaySettingOf, type PaymentGatewaySettings } from './payment-gateways.js';

/** The shape of a `POST /settings/payment-gateways` body before its values are checked against the full schema. */
export const gatewaySettingsPatchSchema = z.object({
  default_gateway: z.unknown().optional(),
  gateways: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  auto_print_receipt: z.unknown().optional(),
});
export type GatewaySettingsPatch = z.output<typeof gatewaySettingsPatchSchema>;

/** Every installed gateway with its setting (defaults for one never configured), in till order. */
export function gatewaySettingsView(settings: PaymentGatewaySettings, catalogue: readonly PaymentGatewayRecord[]): GatewaySettings {
  const gateways = catalogue
    .map((gateway) => ({
      id: gateway.id,
      title: gateway.title,
      description: gateway.description,
      position: gateway.position,
      ...gatewaySettingOf(settings, gateway.id, gateway.position),
    }))
    .sort((a, b) => a.order - b.order || a.position - b.position)
    .map(({ position: _position, ...gateway }) => gateway);
  return {
    default_gateway: settings.default_gateway,
    gateways: Object.fromEntries(gateways.map((gateway) => [gateway.id, gateway])),
    auto_print_receipt: settings.auto_print_receipt,
  };
}

/**
 * The current settings with an update laid over them, ready to be validated whole. Settings are
 * kept for every installed gateway; an id that is not installed is refused.
 */
export function patchGatewaySettings(
  current: PaymentGatewaySettings,
  catalogue: readonly PaymentGatewayRecord[],
  patch: GatewaySettingsPatch,
): Record<string, unknown> {
  const installed = new Set(catalogue.map((gateway) => gateway.id));
  const unknown = Object.keys(patch.gateways ?? {}).filter((id) => !installed.has(id));
  if (unknown.length > 0) throw invalidParams(Object.fromEntries(unknown.map((id) => [`gateways.${id}`, `${id} is not an installed payment gateway`])));
  const gateways = Object.fromEntries(
    catalogue.map((gateway) => [gateway.id, { ...gatewaySettingOf(current, gateway.id, gateway.position), ...patch.gateways?.[gateway.id] }]),
  );
  return {
    default_gateway: Object.hasOwn(patch, 'default_gateway') ? patch.default_gateway : current.default_gateway,
    gateways,
    auto_print_receipt: Object.hasOwn(patch, 'auto_print_receipt') ? patch.auto_print_receipt : current.auto_print_receipt,
  };
}

/** The default gateway is what the till preselects, so it must be installed and enabled. */
export function checkDefaultGateway(settings: PaymentGatewaySettings, catalogue: readonly PaymentGatewayRecord[]): void {
  const id = settings.default_gateway;
  if (!catalogue.some((gateway) => gateway.id === id)) throw invalidParams({ default_gateway: `${id} is not an installed payment gateway` });
  if (settings.gateways[id]?.enabled !== true) throw invalidParams({ default_gateway: `${id} is disabled; the default gateway must be an enabled one` });
}
