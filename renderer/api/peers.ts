/** The shop's other tills (`/peers`): the managers' Tills screen lists, invites and removes them. */
import type { ApiClient } from '../api-client.js';

export type { PeerInvitation, PeerJoined, PeerRemoved, PeerView } from '../../shared/resources/peers.js';

export function list(client: ApiClient) {
  return client.call('GET /peers');
}

/** A 6-digit code valid 5 minutes, for `tillbase peers join` on the new till. */
export function invite(client: ApiClient) {
  return client.call('POST /peers/invitations');
}

export function remove(client: ApiClient, id: string) {
  return client.call('DELETE /peers/{id}', { params: { id } });
}

/** Joins the shop of the till that showed the invitation (its pairing listener's address and code). */
export function join(client: ApiClient, body: { address: string; code: string; fingerprint?: string }) {
  return client.call('POST /peers/join', { body });
}
