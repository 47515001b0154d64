import type { z } from 'zod';
import type { PaymentGatewaysRepository } from '../../data/repositories/payment-gateways.js';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { TemplatesRepository } from '../../data/repositories/templates.js';
import type { PaymentGatewayRecord } from '../../model/records/payment-gateways.js';
import { checkTemplateChoices } from '../templates/catalogue.js';
import { readCheckoutSettings, type CheckoutSettings } from './checkout.js';
import { readGeneralSettings, type GeneralSettings } from './general.js';
import { settingsIndex } from './index.js';
import { readLicense, storeLicenseKey } from './license.js';
import { PAYMENT_GATEWAYS_SECTION, readPaymentGatewaySettings, type PaymentGatewaySettings } from './payment-gateways.js';
import { readSection, writeSection, type SettingsSection } from './section.js';

type StoredLicense = ReturnType<typeof readLicense>;
type TemplateChoices = Parameters<typeof checkTemplateChoices>[1];

/** What SettingsService is built from (server/composition.ts builds each once). */
export interface SettingsServiceParts {
  settings: SettingsRepository;
  gateways: PaymentGatewaysRepository;
  templates: TemplatesRepository;
  stores: StoresRepository;
}

/** The settings groups as the HTTP layer reads and writes them: stored values with their defaults. */
export class SettingsService {
  private readonly settings: SettingsRepository;
  private readonly gateways: PaymentGatewaysRepository;
  private readonly templates: TemplatesRepository;
  private readonly stores: StoresRepository;

  constructor(parts: SettingsServiceParts) {
    this.settings = parts.settings;
    this.gateways = parts.gateways;
    this.templates = parts.templates;
    this.stores = parts.stores;
  }

  /** `GET /settings`: every role's summary of the groups. */
  index(): ReturnType<typeof settingsIndex> {
    return settingsIndex({
      general: this.general(),
      checkout: this.checkout(),
      gateways: this.paymentGateways(),
      catalogue: this.gatewayCatalogue(),
      store: this.stores.defaultStore(),
    });
  }

  general(): GeneralSettings {
    return readGeneralSettings(this.settings);
  }

  checkout(): CheckoutSettings {
    return readCheckoutSettings(this.settings);
  }

  read<S extends z.ZodObject>(section: SettingsSection<S>): z.output<S> {
    return readSection(this.settings, section);
  }

  /** Persists the keys an update touched (`keys`) of validated values. */
  write<S extends z.ZodObject>(section: SettingsSection<S>, values: z.output<S>, keys: readonly string[]): void {
    writeSection(this.settings, section, values, keys);
  }

  /** Refuses template choices that name no stored template or gallery key of the right type. */
  checkTemplateChoices(values: TemplateChoices): void {
    checkTemplateChoices(this.templates, values);
  }

  paymentGateways(): PaymentGatewaySettings {
    return readPaymentGatewaySettings(this.settings);
  }

  /** The gateways the till knows, which the payment-gateway settings may enable and order. */
  gatewayCatalogue(): PaymentGatewayRecord[] {
    return this.gateways.all();
  }

  writePaymentGateways(values: PaymentGatewaySettings): void {
    this.settings.write(PAYMENT_GATEWAYS_SECTION, values);
  }

  license(): StoredLicense {
    return readLicense(this.settings);
  }

  storeLicenseKey(key: string): StoredLicense {
    return storeLicenseKey(this.settings, key);
  }
}
