import { createHash } from 'node:crypto';
import type { CustomerFilter, CustomerSort, CustomersRepository } from '../../data/repositories/customers.js';
import { gmtToLocal } from '../../model/dates.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { MetaData } from '../../model/stores.js';
import { completeBilling, completeShipping } from '../../model/customers/address.js';
import { POS_UUID_META_KEY, type CustomerCreateInput, type CustomerUpdateInput } from './input.js';
import type { CustomerRecord } from '../../model/customers/types.js';
import type { Customer } from '../../../shared/resources/customers.js';

type MetaInput = NonNullable<CustomerCreateInput['meta_data']>;

/**
 * WooCommerce's meta write: an entry with a known `id` replaces that entry, else one with the same
 * key is replaced, else the entry is added with the next id.
 */
export function mergeMeta(existing: MetaData, incoming: MetaInput): MetaData {
  const result = existing.map((entry) => ({ ...entry }));
  let nextId = result.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
  for (const entry of incoming) {
    const target = result.find((current) => entry.id !== undefined && current.id === entry.id) ?? result.find((current) => current.key === entry.key);
    if (target) {
      target.key = entry.key;
      target.value = entry.value;
    } else {
      result.push({ id: nextId++, key: entry.key, value: entry.value });
    }
  }
  return result;
}

/** The uuid a write carries, top-level or as `_pos_uuid` meta (the top-level one wins). */
function uuidOf(input: { uuid?: string | undefined; meta_data?: MetaInput | undefined }): string | undefined {
  if (input.uuid !== undefined) return input.uuid.toLowerCase();
  const meta = input.meta_data?.find((entry) => entry.key === POS_UUID_META_KEY)?.value;
  return typeof meta === 'string' && meta.trim() !== '' ? meta.trim().toLowerCase() : undefined;
}

function invalidArgument(message: string): ApiError {
  return badRequest('woocommerce_rest_customer_invalid_argument', message);
}

function emailTaken(email: string): ApiError {
  return badRequest(
    'registration-error-email-exists',
    `An account is already registered with the email address ${email}. Look the customer up instead of creating another.`,
  );
}

/** A username for a customer who gave none, from the email's local part, made unique (WooCommerce generates one too). */
function generatedUsername(email: string, taken: (username: string) => boolean): string {
  const base =
    (email.split('@')[0] ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 50) || 'customer';
  let username = base;
  for (let suffix = 2; taken(username); suffix++) username = `${base}${suffix}`;
  return username;
}

/** What CustomerService is built from (server/composition.ts builds each once). */
export interface CustomerServiceParts {
  customers: CustomersRepository;
  generateUsername?: () => boolean;
}

/** Customer creation and update rules: unique email (case-insensitive), immutable username and uuid, replayable offline creates. */
export class CustomerService {
  /** `generateUsername`: the general setting `generate_username` (on unless told otherwise). */
  private readonly customers: CustomersRepository;
  private readonly generateUsername: () => boolean;

  constructor(parts: CustomerServiceParts) {
    this.customers = parts.customers;
    this.generateUsername = parts.generateUsername ?? (() => true);
  }

  list(filter: CustomerFilter, sort: CustomerSort, limit: number, offset: number): { records: CustomerRecord[]; total: number } {
    return this.customers.list(filter, sort, limit, offset);
  }

  /** Every match's id and modification date: the offline-sync audit (CONTRACT 7). */
  modificationIndex(filter: CustomerFilter, sort: CustomerSort): Array<{ id: number; date_modified_gmt: string }> {
    return this.customers.modificationIndex(filter, sort);
  }

  get(id: number): CustomerRecord {
    const customer = this.customers.findById(id);
    if (!customer) throw notFound('customer');
    return customer;
  }

  /** Creates a customer; a uuid already known returns that customer instead (`created: false`), so an offline till can retry. */
  create(input: CustomerCreateInput): { customer: CustomerRecord; created: boolean } {
    const uuid = uuidOf(input);
    if (uuid !== undefined) {
      const existing = this.customers.findByUuid(uuid);
      if (existing) return { customer: existing, created: false };
    }
    if (this.customers.findByEmail(input.email)) throw emailTaken(input.email);
    if (input.username !== undefined && this.customers.usernameTaken(input.username)) {
      throw badRequest('registration-error-username-exists', `An account is already registered with the username ${input.username}. Please choose another.`);
    }
    // With generate_username off a new customer needs a username, as WooCommerce's registration asks for one.
    if (input.username === undefined && !this.generateUsername())
      throw badRequest('registration-error-invalid-username', 'Please enter a valid account username.', { param: 'username' });
    const username = input.username ?? generatedUsername(input.email, (candidate) => this.customers.usernameTaken(candidate));
    const customer = this.customers.create({
      uuid: uuid ?? null,
      email: input.email,
      username,
      first_name: input.first_name ?? '',
      last_name: input.last_name ?? '',
      billing: completeBilling(input.billing),
      shipping: completeShipping(input.shipping),
      meta_data: mergeMeta(
        [],
        [
          ...(input.meta_data ?? []).filter((entry) => entry.key !== POS_UUID_META_KEY),
          ...(uuid === undefined ? [] : [{ key: POS_UUID_META_KEY, value: uuid }]),
        ],
      ),
    });
    return { customer, created: true };
  }

  update(id: number, input: CustomerUpdateInput): CustomerRecord {
    const current = this.get(id);
    if (input.username !== undefined && input.username !== (current.username ?? '')) throw invalidArgument("Username isn't editable.");
    const uuid = uuidOf(input);
    if (uuid !== undefined && uuid !== current.uuid) {
      if (current.uuid !== null) throw invalidArgument("The customer's uuid cannot be changed.");
      if (this.customers.findByUuid(uuid)) throw invalidArgument('Another customer already has this uuid.');
    }
    if (input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase()) {
      const owner = this.customers.findByEmail(input.email);
      if (owner && owner.id !== id) throw emailTaken(input.email);
    }
    const metaIn = [
      ...(input.meta_data ?? []).filter((entry) => entry.key !== POS_UUID_META_KEY),
      ...(uuid === undefined || uuid === current.uuid ? [] : [{ key: POS_UUID_META_KEY, value: uuid }]),
    ];
    const updated = this.customers.update(id, {
      ...(input.email === undefined ? {} : { email: input.email }),
      ...(input.first_name === undefined ? {} : { first_name: input.first_name }),
      ...(input.last_name === undefined ? {} : { last_name: input.last_name }),
      ...(input.billing === undefined ? {} : { billing: { ...current.billing, ...input.billing } }),
      ...(input.shipping === undefined ? {} : { shipping: { ...current.shipping, ...input.shipping } }),
      ...(metaIn.length === 0 ? {} : { meta_data: mergeMeta(current.meta_data, metaIn) }),
      ...(uuid === undefined || uuid === current.uuid ? {} : { uuid }),
    });
    if (!updated) throw notFound('customer');
    return updated;
  }
}

function avatarUrl(email: string): string {
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?s=96&d=mm&r=g`;
}

/** A customer in the WooCommerce v3 shape (woocommerce-reference §2.9). */
export function shapeCustomer(record: CustomerRecord, apiBase: string, timeZone: string): Customer {
  return {
    id: record.id,
    date_created: gmtToLocal(record.date_created_gmt, timeZone),
    date_created_gmt: record.date_created_gmt,
    date_modified: gmtToLocal(record.date_modified_gmt, timeZone),
    date_modified_gmt: record.date_modified_gmt,
    email: record.email,
    first_name: record.first_name,
    last_name: record.last_name,
    role: 'customer',
    username: record.username ?? '',
    billing: record.billing,
    shipping: record.shipping,
    is_paying_customer: record.is_paying_customer,
    avatar_url: avatarUrl(record.email),
    meta_data: record.meta_data,
    _links: { self: [{ href: `${apiBase}/customers/${record.id}` }], collection: [{ href: `${apiBase}/customers` }] },
  };
}
