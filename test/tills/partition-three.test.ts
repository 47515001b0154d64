import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freeLanPort, sellCoffeeAt, shopNumbers, startPairedTill, until, type PairedTill } from '../helpers/paired-tills.js';
import { invite, peersCli, startForwarder, type Forwarder } from '../helpers/tills.js';

/**
 * Three paired tills on 127.0.0.1, each reached only through a forwarder it advertises: every link
 * cut at once splits the shop into three tills alone; each keeps selling in its own series, and
 * once the links are back all three hold every sale, each once, with no receipt number used twice.
 */
describe('a shop of three split three ways keeps selling, and heals', () => {
  const tills: PairedTill[] = [];
  const forwarders: Forwarder[] = [];

  beforeAll(async () => {
    for (let index = 0; index < 3; index++) {
      const port = await freeLanPort();
      const forwarder = await startForwarder(`127.0.0.1:${port}`);
      forwarders.push(forwarder);
      tills.push(await startPairedTill({ lanPort: port, lanAdvertise: forwarder.address }));
    }
    const [a, ...others] = tills as [PairedTill, PairedTill, PairedTill];
    for (const other of others) {
      const invitation = await invite(a.server);
      const joined = await peersCli(other.server, ['join', invitation.address, '--code-stdin'], `${invitation.code}\n`);
      expect(joined.code, joined.stderr).toBe(0);
    }
  }, 90_000);

  afterAll(async () => {
    await Promise.all(tills.map((till) => till.server.close()));
    await Promise.all(forwarders.map((forwarder) => forwarder.close()));
  });

  test('sales made while each till is alone are on all three after the links heal, each once', async () => {
    const [a, b, c] = tills as [PairedTill, PairedTill, PairedTill];
    await sellCoffeeAt(a);
    await until('A-1 at B and C', async () => ((await shopNumbers(b)).includes('A-1') && (await shopNumbers(c)).includes('A-1') ? true : undefined));

    for (const forwarder of forwarders) forwarder.cut();
    const sold = [await sellCoffeeAt(a), await sellCoffeeAt(b), await sellCoffeeAt(c)].map((sale) => sale.number);
    expect(sold).toEqual(['A-2', 'B-1', 'C-1']);
    // Long enough for a pull that could still get through to have done so.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await shopNumbers(b)).toEqual(['A-1', 'B-1']);
    expect(await shopNumbers(c)).toEqual(['A-1', 'C-1']);

    for (const forwarder of forwarders) forwarder.heal();
    const healing = Date.now();
    const everywhere = ['A-1', 'A-2', 'B-1', 'C-1'];
    const holdAll = async () => (await Promise.all(tills.map((till) => shopNumbers(till)))).every((numbers) => numbers.join() === everywhere.join());
    await until('all three tills holding every sale', async () => ((await holdAll()) ? true : undefined), 60_000);
    // The healing time, for the notes: the replication's retry waits up to 15 s between tries.
    process.stdout.write(`three-way partition healed: all three tills hold every sale ${Date.now() - healing} ms after the links came back\n`);
    for (const till of tills) expect(await shopNumbers(till)).toEqual(everywhere);
  }, 120_000);
});
