import { z } from 'zod';
import { metaDataSchema } from '../../model/stores.js';
import { billingAddressInput, shippingAddressInput } from '../../model/customers/address.js';

const name = z.string().trim().max(100, 'must be at most 100 characters');

const email = z
  .email({ error: (issue) => (issue.input === undefined ? 'email is required' : 'must be a valid email address') })
  .trim()
  .max(254, 'must be at most 254 characters');

/** The client's id of a customer made offline: a top-level `uuid`, or the `_pos_uuid` meta entry. */
export const POS_UUID_META_KEY = '_pos_uuid';

const writableFields = {
  first_name: name.optional(),
  last_name: name.optional(),
  billing: billingAddressInput.optional(),
  shipping: shippingAddressInput.optional(),
  meta_data: metaDataSchema.max(100, 'at most 100 meta entries').optional(),
  uuid: z.uuid('must be a UUID').optional(),
};

/** `POST /customers` (woocommerce-reference §2.9). Read-only and unknown fields are ignored; `password` too, since customers do not log in here. */
export const customerCreateInput = z.object({
  email,
  username: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(60, 'must be at most 60 characters')
    .regex(/^[A-Za-z0-9._@ -]+$/, 'may hold only letters, digits, spaces and . _ @ -')
    .optional(),
  ...writableFields,
});
export type CustomerCreateInput = z.output<typeof customerCreateInput>;

/** `PATCH /customers/{id}`: any writable field; `username` is accepted only unchanged. */
export const customerUpdateInput = z.object({
  email: email.optional(),
  username: z.string().trim().optional(),
  ...writableFields,
});
export type CustomerUpdateInput = z.output<typeof customerUpdateInput>;
