import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WooCommerceClient } from '../../server/sync/shop/client.js';
import { signatureBaseString } from '../../server/sync/shop/oauth1.js';
import { startWooCommerceDouble, type WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { defineClientCases, type ClientTarget } from './woocommerce-client-cases.js';

/** The client's cases against the WooCommerce double; the same cases run against a real one in woocommerce-client.real.test.ts. */

function targetOf(double: WooCommerceDouble): ClientTarget {
  return {
    url: double.url,
    consumerKey: double.key.consumerKey,
    consumerSecret: double.key.consumerSecret,
    readOnly: { consumerKey: double.readOnlyKey.consumerKey, consumerSecret: double.readOnlyKey.consumerSecret },
    inject: (fault) => {
      double.inject(fault);
    },
  };
}

describe('WooCommerceClient against the double, OAuth 1.0a signatures (a shop over plain HTTP)', () => {
  let double: WooCommerceDouble;
  beforeAll(async () => {
    double = await startWooCommerceDouble();
  });
  afterAll(async () => {
    await double.close();
  });
  defineClientCases(() => targetOf(double), { auth: 'oauth1', faults: true, readOnlyKey: true });

  it('signs PHP-style lists and the characters RFC 3986 encodes as the double (after WooCommerce) checks them', async () => {
    const client = new WooCommerceClient({ url: double.url, consumerKey: double.key.consumerKey, consumerSecret: double.key.consumerSecret });
    expect(client.authentication).toBe('oauth1');
    expect((await client.get('orders', { status: ['completed', 'processing'], include: [1, 2], search: "a b+c/ä*'()!" })).kind).toBe('ok');
  });
});

describe('WooCommerceClient against the double standing in for an HTTPS shop: HTTP Basic (the double stays plain HTTP on loopback and reads Basic as WooCommerce does under is_ssl())', () => {
  let double: WooCommerceDouble;
  beforeAll(async () => {
    double = await startWooCommerceDouble({ https: true });
  });
  afterAll(async () => {
    await double.close();
  });
  defineClientCases(() => targetOf(double), { auth: 'basic', faults: true, readOnlyKey: true });
});

describe('WooCommerceClient: what the double alone can show', () => {
  it('a signature over another home URL is refused as WooCommerce refuses it (§1.2)', async () => {
    const double = await startWooCommerceDouble({ homeUrl: 'http://shop.example' });
    try {
      const client = new WooCommerceClient({ url: double.url, consumerKey: double.key.consumerKey, consumerSecret: double.key.consumerSecret });
      expect(await client.get('orders')).toMatchObject({
        kind: 'unauthorized',
        status: 401,
        code: 'woocommerce_rest_authentication_error',
        message: 'Invalid signature - provided signature does not match.',
      });
    } finally {
      await double.close();
    }
  });

  it('Basic over plain HTTP goes nowhere but loopback, and over http is not the default', () => {
    const options = { consumerKey: 'ck_x', consumerSecret: 'cs_x' };
    expect(() => new WooCommerceClient({ ...options, url: 'http://shop.example', auth: 'basic' })).toThrow(/in the clear/);
    expect(new WooCommerceClient({ ...options, url: 'https://shop.example' }).authentication).toBe('basic');
    expect(new WooCommerceClient({ ...options, url: 'http://shop.example' }).authentication).toBe('oauth1');
  });

  it('the signature base string of WooCommerce: sorted names, lists numbered, everything encoded twice', () => {
    expect(signatureBaseString('get', 'http://127.0.0.1:8080/wp-json/wc/v3/orders', { status: ['completed', 'on-hold'], oauth_nonce: 'n', a: 'x y' })).toBe(
      'GET&http%3A%2F%2F127.0.0.1%3A8080%2Fwp-json%2Fwc%2Fv3%2Forders&a%3Dx%2520y%26oauth_nonce%3Dn%26status%255B0%255D%3Dcompleted%26status%255B1%255D%3Don-hold',
    );
  });
});
