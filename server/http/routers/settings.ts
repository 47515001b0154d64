import type { Router } from 'express';
import { z } from 'zod';
import { APPROVAL_SETTINGS } from '../../domain/approvals/settings.js';
import { centralStoreKeys, KEPT_FOR_CENTRAL_STORE } from '../../domain/settings/central-store.js';
import { CHECKOUT_SETTINGS } from '../../domain/settings/checkout.js';
import { checkDefaultGateway, gatewaySettingsPatchSchema, gatewaySettingsView, patchGatewaySettings } from '../../domain/settings/gateway-settings.js';
import { GENERAL_SETTINGS, generalSettingsView } from '../../domain/settings/general.js';
import { licenseInputSchema, licenseView } from '../../domain/settings/license.js';
import { PAYMENT_GATEWAYS_SECTION, paymentGatewaySettingsSchema } from '../../domain/settings/payment-gateways.js';
import { patchSection, refuseUnknownKeys, type SettingsSection } from '../../domain/settings/section.js';
import { TAX_IDS_SETTINGS } from '../../domain/settings/tax-ids.js';
import { TEMPLATE_SETTINGS } from '../../domain/templates/catalogue.js';
import type { AppContext } from '../context.js';
import { endpointRouter, type EndpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { parseWith } from '../validation.js';

/** Any JSON object: a settings update names only the keys it changes. */
const settingsPatch = z.record(z.string(), z.unknown(), { error: 'the body must be a JSON object of settings' });

/** The settings index (every role) and the management-only settings groups. */
export function createSettingsRouter({ auth, logs, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { settings, stores, audit } = services;

  const recordChange = (user: { id: number; username: string }, section: string, keys: readonly string[]): void => {
    if (keys.length === 0) return;
    logs.add({
      level: 'info',
      source: 'settings',
      message: `Settings group ${section} updated (${keys.join(', ')})`,
      context: { section, keys, user_id: user.id },
    });
    audit.record({
      actor: user,
      action: 'settings.update',
      object: { type: 'settings', id: section },
      details: { section, keys },
      message: `${user.username} updated settings ${section} (${keys.join(', ')})`,
    });
    const kept = centralStoreKeys(section, keys);
    if (kept.length > 0) {
      logs.add({
        level: 'notice',
        source: 'settings',
        message: `Settings kept for the central store, not acted on by this till: ${kept.map((key) => `${section}.${key} (${KEPT_FOR_CENTRAL_STORE[section]?.[key] ?? ''})`).join('; ')}`,
        context: { section, keys: kept, user_id: user.id },
      });
    }
  };

  /**
   * GET returns the view; POST validates a partial update laid over the stored values, persists it
   * and returns the view. Without a view of its own the answer is the values, which the section's
   * schema then describes in the OpenAPI document.
   */
  function mountSection<S extends z.ZodObject>(
    router: EndpointRouter,
    path: string,
    section: SettingsSection<S>,
    own: { view?: (values: z.output<S>) => object; check?: (values: z.output<S>) => void } = {},
  ): void {
    const view = own.view ?? ((values: z.output<S>) => values);
    const check = own.check ?? (() => undefined);
    const answer = own.view === undefined ? { answer: section.schema } : {};
    router.get(path, answer, (_req, res) => {
      res.json(view(settings.read(section)));
    });
    router.post(path, { body: settingsPatch, ...answer }, (_req, res, { body: patch }) => {
      const { candidate, keys } = patchSection(section, settings.read(section), patch);
      const values = parseWith(section.schema, candidate);
      check(values);
      settings.write(section, values, keys);
      recordChange(principalOf(res).user, section.name, keys);
      res.json(view(values));
    });
  }

  routes.get('/settings', (_req, res) => {
    res.json(settings.index());
  });

  mountSection(routes, '/settings/general', GENERAL_SETTINGS, { view: (values) => generalSettingsView(values, stores.defaultStore()) });
  mountSection(routes, '/settings/checkout', CHECKOUT_SETTINGS);
  mountSection(routes, '/settings/tax_ids', TAX_IDS_SETTINGS);
  mountSection(routes, '/settings/approvals', APPROVAL_SETTINGS);
  mountSection(routes, '/settings/templates', TEMPLATE_SETTINGS, {
    check: (values) => {
      settings.checkTemplateChoices(values);
    },
  });

  routes.get('/settings/payment-gateways', (_req, res) => {
    res.json(gatewaySettingsView(settings.paymentGateways(), settings.gatewayCatalogue()));
  });

  // The body is checked for keys of no setting before it is read as the gateways' settings: a key dropped silently would look saved.
  routes.post('/settings/payment-gateways', { body: settingsPatch }, (_req, res, { body }) => {
    refuseUnknownKeys(body, Object.keys(gatewaySettingsPatchSchema.shape), PAYMENT_GATEWAYS_SECTION);
    const patch = parseWith(gatewaySettingsPatchSchema, body);
    const catalogue = settings.gatewayCatalogue();
    const values = parseWith(paymentGatewaySettingsSchema, patchGatewaySettings(settings.paymentGateways(), catalogue, patch));
    checkDefaultGateway(values, catalogue);
    settings.writePaymentGateways(values);
    recordChange(
      principalOf(res).user,
      PAYMENT_GATEWAYS_SECTION,
      Object.keys(patch).filter((key) => Object.hasOwn(paymentGatewaySettingsSchema.shape, key)),
    );
    res.json(gatewaySettingsView(values, catalogue));
  });

  routes.get('/settings/license', (_req, res) => {
    res.json(licenseView(settings.license()));
  });

  routes.post('/settings/license', { body: settingsPatch }, (_req, res, { body }) => {
    refuseUnknownKeys(body, Object.keys(licenseInputSchema.shape), 'license');
    const { key } = parseWith(licenseInputSchema, body);
    const license = settings.storeLicenseKey(key);
    // The key itself is never written to the log, only that it changed.
    logs.add({
      level: 'notice',
      source: 'settings',
      message: key === '' ? 'Licence key cleared' : 'Licence key stored (not verified: Tillbase is offline)',
      context: { section: 'license', keys: ['key'], user_id: principalOf(res).user.id },
    });
    audit.record({
      actor: principalOf(res).user,
      action: 'settings.update',
      object: { type: 'settings', id: 'license' },
      details: { section: 'license', keys: ['key'] },
    });
    res.json(licenseView(license));
  });

  return routes.router;
}
