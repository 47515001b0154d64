import type { Router } from 'express';
import type { Agent } from 'node:https';
import type { PeerNetwork, PeerTill } from '../server/tills/peer-network.js';

export class TestTillNetwork implements PeerNetwork {
  constructor(id: string, name: string, credentials: { key: string; cert: string; ca: string });
  router: Router;
  me: PeerTill;
  self(): PeerTill;
  peers(): PeerTill[];
  onChange(listener: () => void): () => void;
  agent(): Agent;
  listen(): Promise<void>;
  cut(): Promise<void>;
  renew(): Promise<void>;
  setPeers(peers: PeerTill[]): void;
}

export class TestShop {
  readonly tills: TestTillNetwork[];
  static create(): Promise<TestShop>;
  till(id: string, name: string): Promise<TestTillNetwork>;
  credentials(id: string): Promise<{ key: string; cert: string; ca: string }>;
  connectAll(): void;
}
