// One till of the tills bench in a process of its own, as a till is a machine of its own: its server
// over its data directory with a TestTillNetwork made from the credentials the bench sends. Messages
// (IPC): the bench sends {start: {dataDir, id, name, credentials}}, {peers}, {stop}; the till answers
// {started: {apiUrl, address}} and {stopped}. Without credentials it runs alone (the baseline).
import { defaultServeOptions } from '../dist/server/config.js';
import { startServer } from '../dist/server/start.js';
import { TestTillNetwork } from './tills-network.mjs';

let network;
let server;

process.on('message', async (message) => {
  if (message.start !== undefined) {
    const { dataDir, id, name, credentials } = message.start;
    // Without credentials the till is alone: the bench's baseline.
    network = credentials === undefined ? undefined : new TestTillNetwork(id, name, credentials);
    await network?.listen();
    // The defaults of `tillbase serve` (no environment), quiet, on a free port.
    server = await startServer({
      ...defaultServeOptions({}),
      dataDir,
      port: 0,
      secretStore: 'memory',
      demo: false,
      logLevel: 'silent',
      peerNetwork: network,
    });
    process.send({ started: { apiUrl: server.apiUrl, address: network?.self().address } });
  } else if (message.peers !== undefined) {
    network.setPeers(message.peers);
  } else if (message.stop !== undefined) {
    await network?.cut();
    await server.close();
    process.send({ stopped: true }, () => process.exit(0));
  }
});
