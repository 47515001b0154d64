import { describe } from 'vitest';
import { defineClientCases } from './woocommerce-client-cases.js';

/**
 * The client's cases against a real WooCommerce 10, when one is given:
 *   TILLBASE_TEST_WOOCOMMERCE=http://127.0.0.1:8080 (its home URL) TILLBASE_TEST_WOOCOMMERCE_KEY=ck_…
 *   TILLBASE_TEST_WOOCOMMERCE_SECRET=cs_… and, for the read-only case, TILLBASE_TEST_WOOCOMMERCE_READ_ONLY_KEY
 *   and _READ_ONLY_SECRET (a key with `read` permission).
 * The cases make products, coupons, orders, refunds and customers there: point it at a test shop only.
 * Over http the client signs with OAuth 1.0a, over https it sends Basic, as WooCommerce expects.
 */
const url = process.env.TILLBASE_TEST_WOOCOMMERCE;
const consumerKey = process.env.TILLBASE_TEST_WOOCOMMERCE_KEY;
const consumerSecret = process.env.TILLBASE_TEST_WOOCOMMERCE_SECRET;
const readOnlyKey = process.env.TILLBASE_TEST_WOOCOMMERCE_READ_ONLY_KEY;
const readOnlySecret = process.env.TILLBASE_TEST_WOOCOMMERCE_READ_ONLY_SECRET;
const given = Boolean(url && consumerKey && consumerSecret);

describe.skipIf(!given)(
  given
    ? `WooCommerceClient against the real WooCommerce at ${url ?? ''}`
    : 'WooCommerceClient against a real WooCommerce: skipped, TILLBASE_TEST_WOOCOMMERCE, TILLBASE_TEST_WOOCOMMERCE_KEY and TILLBASE_TEST_WOOCOMMERCE_SECRET are not set',
  () => {
    defineClientCases(
      () => ({
        url: url ?? '',
        consumerKey: consumerKey ?? '',
        consumerSecret: consumerSecret ?? '',
        ...(readOnlyKey && readOnlySecret ? { readOnly: { consumerKey: readOnlyKey, consumerSecret: readOnlySecret } } : {}),
      }),
      { auth: url?.startsWith('https:') ? 'basic' : 'oauth1', faults: false, readOnlyKey: Boolean(readOnlyKey && readOnlySecret) },
    );
  },
);
