/** A customer as `GET /customers` answers it (woocommerce-reference §2.9): the return type of the server's shapeCustomer. */
import type { BillingAddress, MetaDataEntry, SelfLinks, ShippingAddress } from './common.js';

export interface Customer {
  id: number;
  date_created: string | null;
  date_created_gmt: string;
  date_modified: string | null;
  date_modified_gmt: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  username: string;
  billing: BillingAddress;
  shipping: ShippingAddress;
  is_paying_customer: boolean;
  avatar_url: string;
  meta_data: MetaDataEntry[];
  _links: SelfLinks;
}
