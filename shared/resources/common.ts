/** Pieces that the pos/v1 resources share (WooCommerce v3): links, meta data, addresses, local and GMT dates. */

/** One `_links` relation: WooCommerce writes every relation as a list of hrefs. */
export type Link = Array<{ href: string }>;

export interface SelfLinks {
  self: Link;
  collection: Link;
}

/** A `meta_data` entry as stored: the value is whatever JSON the client wrote. */
export interface MetaDataEntry {
  id: number;
  key: string;
  value: unknown;
}

/** An order item's meta entry, with the labels WooCommerce shows. */
export interface ItemMetaEntry extends MetaDataEntry {
  display_key: string;
  display_value: string;
}

export interface ShippingAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
}

export interface BillingAddress extends ShippingAddress {
  email: string;
}

/** `name` in the store's local time and `name_gmt`, as every WooCommerce date comes (null when unset). */
export type LocalAndGmt<Name extends string> = { [Key in Name | `${Name}_gmt`]: string | null };
