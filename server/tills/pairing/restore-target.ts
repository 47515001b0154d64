import type { TillsRepository } from '../../data/repositories/tills.js';
import { ApiError } from '../../domain/errors.js';
import type { PeerRecord } from '../../model/records/tills.js';

/**
 * A till heard from within this time is taken as alive, and is not restored elsewhere: a live till
 * and its copy would both sell under one id, each continuing the same journal chain apart. A paired
 * till that runs pulls from this one continuously (and so calls in every few seconds), so a minute
 * of silence means it is down, not idle.
 */
export const RESTORE_QUIET_SECONDS = 60;

function lastSeenMs(peer: PeerRecord): number | undefined {
  return peer.last_seen_gmt === null ? undefined : Date.parse(`${peer.last_seen_gmt}Z`);
}

function describe(peer: PeerRecord): string {
  return `${peer.name} (${peer.id}, last seen ${peer.last_seen_gmt ?? 'never'})`;
}

function refused(code: string, message: string): ApiError {
  return new ApiError(409, code, message);
}

/**
 * The paired till a restore takes the place of: the one asked for, or, when none is named, the one
 * paired till not heard from lately. Refused (with a message for people) when the till is this one,
 * unknown, removed, or was heard from within RESTORE_QUIET_SECONDS, or when no or several tills fit.
 */
export function restoreTarget(deps: { tills: TillsRepository; selfId: string }, asked: string | undefined, now = Date.now()): PeerRecord | ApiError {
  const quietSince = now - RESTORE_QUIET_SECONDS * 1000;
  const isQuiet = (peer: PeerRecord) => (lastSeenMs(peer) ?? 0) < quietSince;
  if (asked !== undefined) {
    if (asked === deps.selfId) return refused('restore_this_till', `${asked} is the till you are restoring from, which runs: restore another till.`);
    const peer = deps.tills.peer(asked);
    if (peer === undefined || peer.removed_gmt !== null)
      return refused('restore_unknown_till', `No paired till has the id ${asked} here: tillbase peers list names the shop's tills.`);
    if (!isQuiet(peer))
      return refused(
        'restore_till_alive',
        `${describe(peer)} was heard from in the last ${RESTORE_QUIET_SECONDS} seconds: it runs, and a running till must not be copied. ` +
          'Stop it for good first, then restore it.',
      );
    return peer;
  }
  const peers = deps.tills.activePeers();
  const quiet = peers.filter(isQuiet);
  if (quiet.length === 1 && quiet[0] !== undefined) return quiet[0];
  if (quiet.length === 0) {
    return refused(
      'restore_no_candidate',
      peers.length === 0
        ? 'No other till is paired with this one: there is no till to restore.'
        : `Every paired till was heard from in the last ${RESTORE_QUIET_SECONDS} seconds (${peers.map(describe).join('; ')}): none is down. ` +
            'A running till must not be copied: stop it for good first.',
    );
  }
  return refused('restore_which_till', `Several paired tills have not been heard from lately: name one with --till ID (${quiet.map(describe).join('; ')}).`);
}
