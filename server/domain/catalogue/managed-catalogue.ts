import { conflict } from '../errors.js';

/**
 * While the till is connected to WooCommerce, WooCommerce masters the catalogue (issue 23, item 2):
 * products, variations, terms, coupons and tax rates are changed there and pulled here, and a write
 * at the till answers 409 `pos_sync_catalogue_managed`. Stock adjustments stay the till's (they go
 * up as deltas). The writers call the guard; the composition root builds it over the connection row.
 */
export type CatalogueGuard = () => void;

/** For writers built where no connection can exist. */
export const UNGUARDED: CatalogueGuard = () => undefined;

/** The guard over `connectedUrl`, which answers the connected shop's URL, or undefined when there is none. */
export function catalogueGuard(connectedUrl: () => string | undefined): CatalogueGuard {
  return () => {
    const url = connectedUrl();
    if (url === undefined) return;
    throw conflict(
      'pos_sync_catalogue_managed',
      `The catalogue is managed in WooCommerce (${url}) while this till is connected to it: change products, categories, tags, brands, coupons and tax rates there, and the till takes the change at its next pull. Stock adjustments are still made here.`,
    );
  };
}

/** An edit that sets nothing but the stock quantity is a stock adjustment, which the till keeps while connected. */
export function onlySetsStock(input: object): boolean {
  const fields = Object.entries(input).filter(([, value]) => value !== undefined);
  return fields.length > 0 && fields.every(([name]) => name === 'stock_quantity' || name === 'id');
}
