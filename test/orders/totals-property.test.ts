import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { cartArb, TAX_SETUPS } from './random-carts.js';
import { referenceTotals } from './reference-totals.js';
import { expectCart, openSetup } from './totals-harness.js';

/**
 * Random carts (random-carts.ts) in each tax set-up of issue 22, sold over HTTP and checked amount by amount against
 * the independent reading of woocommerce-reference §6.6–§6.7 (reference-totals.ts). Lines of odd
 * prices and quantities in every tax class (some not taxable), one or two coupons of every type
 * (item limits, product restrictions), shipping lines, positive and negative fees.
 * TOTALS_PROPERTY_RUNS sets the carts per set-up (10 by default: 110 carts).
 */

const RUNS = Number(process.env.TOTALS_PROPERTY_RUNS ?? 10);

const opened: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const harness of opened) await harness.close();
});

describe('random carts against the reference rules, in every tax set-up of issue 22', () => {
  for (const setup of TAX_SETUPS) {
    it(`${setup.name}: ${RUNS} carts`, { timeout: 30_000 + RUNS * 3_000 }, async () => {
      const harness = await openSetup(setup);
      opened.push(harness);
      let count = 0;
      await fc.assert(
        fc.asyncProperty(cartArb, async (cart) => {
          await expectCart(harness, cart, referenceTotals(harness.settings, cart), `cart ${++count}`);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
