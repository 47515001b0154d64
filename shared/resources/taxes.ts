/** A tax class as `GET /taxes/classes` lists it (woocommerce-reference §2.11). */
import type { Link } from './common.js';

export interface TaxClassResource {
  slug: string;
  name: string;
  _links: { collection: Link };
}
