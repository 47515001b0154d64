import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freeLanPort, sellCoffeeAt, shopNumbers, startPairedTill, until, type PairedTill } from '../helpers/paired-tills.js';
import { invite, peersCli, startForwarder, type Forwarder } from '../helpers/tills.js';

/**
 * Two paired tills, each reached by the other only through a forwarder it advertises
 * (--lan-advertise), so that cutting both forwarders splits the shop in two as a failed switch
 * would: each side keeps selling, and once the link is back both hold every sale, each once.
 */
describe('a shop split in two keeps selling on both sides, and heals', () => {
  let a: PairedTill;
  let b: PairedTill;
  let toA: Forwarder;
  let toB: Forwarder;

  beforeAll(async () => {
    const [portA, portB] = [await freeLanPort(), await freeLanPort()];
    toA = await startForwarder(`127.0.0.1:${portA}`);
    toB = await startForwarder(`127.0.0.1:${portB}`);
    a = await startPairedTill({ lanPort: portA, lanAdvertise: toA.address });
    b = await startPairedTill({ lanPort: portB, lanAdvertise: toB.address });
    const invitation = await invite(a.server);
    const joined = await peersCli(b.server, ['join', invitation.address, '--code-stdin'], `${invitation.code}\n`);
    expect(joined.code, joined.stderr).toBe(0);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a.server.close(), b.server.close()]);
    await Promise.all([toA.close(), toB.close()]);
  });

  test('sales made on both sides of the cut are on both tills after it heals, each once', async () => {
    await sellCoffeeAt(a);
    await until('A-1 at B', async () => ((await shopNumbers(b)).includes('A-1') ? true : undefined));

    toA.cut();
    toB.cut();
    const [atA, atB] = [await sellCoffeeAt(a), await sellCoffeeAt(b)];
    expect([atA.number, atB.number]).toEqual(['A-2', 'B-1']);
    // Long enough for a pull that could still get through to have done so.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await shopNumbers(a)).toEqual(['A-1', 'A-2']);
    expect(await shopNumbers(b)).toEqual(['A-1', 'B-1']);

    toA.heal();
    toB.heal();
    const healing = Date.now();
    const everywhere = ['A-1', 'A-2', 'B-1'];
    await until(
      'both tills holding every sale',
      async () => ((await shopNumbers(a)).join() === everywhere.join() && (await shopNumbers(b)).join() === everywhere.join() ? true : undefined),
      40_000,
    );
    // The healing time, for the notes: the replication's retry waits up to 15 s between tries.
    process.stdout.write(`partition healed: both tills hold every sale ${Date.now() - healing} ms after the link came back\n`);
    expect(await shopNumbers(a)).toEqual(everywhere);
    expect(await shopNumbers(b)).toEqual(everywhere);
  }, 90_000);
});
