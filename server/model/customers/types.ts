import type { MetaData } from '../stores.js';
import type { BillingAddress, ShippingAddress } from './address.js';

export interface CustomerRecord {
  id: number;
  /** The client's id for a customer created offline (meta key `_pos_uuid`). */
  uuid: string | null;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  billing: BillingAddress;
  shipping: ShippingAddress;
  is_paying_customer: boolean;
  meta_data: MetaData;
  date_created_gmt: string;
  date_modified_gmt: string;
}
