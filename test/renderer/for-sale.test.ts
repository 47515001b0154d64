/** The till's word on an item the shop does not sell: the tile's note and a scan's refusal (browser-free). */
import { describe, expect, it } from 'vitest';
import { notForSale } from '../../renderer/for-sale.js';

describe('not for sale', () => {
  const selling = { sellPrivate: false };

  it('says so of a draft, pending or trashed product, and why', () => {
    expect(notForSale({ status: 'draft' }, selling)).toBe('Not for sale: withdrawn in WooCommerce: draft.');
    expect(notForSale({ status: 'pending' }, selling)).toBe('Not for sale: withdrawn in WooCommerce: pending.');
    expect(notForSale({ status: 'trash' }, selling)).toBe('Not for sale: withdrawn in WooCommerce: deleted or in its trash.');
    expect(notForSale({ status: 'publish' }, selling)).toBeNull();
  });

  it('sells a private product only when the settings say so', () => {
    expect(notForSale({ status: 'private' }, selling)).toBe('Not for sale: withdrawn in WooCommerce: private.');
    expect(notForSale({ status: 'private' }, { sellPrivate: true })).toBeNull();
    expect(notForSale({ status: 'draft' }, { sellPrivate: true })).not.toBeNull();
  });

  it('takes a variation off sale with its product', () => {
    expect(notForSale({ status: 'publish' }, selling, { status: 'draft' })).toBe('Not for sale: withdrawn in WooCommerce: draft.');
    expect(notForSale({ status: 'private' }, selling, { status: 'publish' })).toBe('Not for sale: withdrawn in WooCommerce: private.');
    expect(notForSale({ status: 'publish' }, selling, { status: 'publish' })).toBeNull();
  });
});
