/**
 * The shop's tills (Settings → Tills): the tills this one is paired with, how far behind each one's
 * sales are here and when it was last heard from; an invitation for a new till (its code, shown
 * once, for `tillbase peers join`); joining a shop while this till is alone; and removing a till,
 * which every till then refuses.
 */
import { useState } from 'preact/hooks';
import { readableGmt } from '../../../shared/readable-date.js';
import * as peersApi from '../../api/peers.js';
import type { PeerInvitation, PeerView } from '../../api/peers.js';
import { useTill, useTillState } from '../context.js';
import { TableHead } from '../kit/TableHead.js';
import { useLoaded } from './api.js';
import { JoinShopForm } from './JoinShopForm.js';

const COLUMNS = ['Till', 'Address', 'Last heard from', { label: 'Sales not here yet', numeric: true }];

function behindWords(behind: number | null): string {
  if (behind === null) return 'not counted yet';
  return behind === 0 ? 'none' : String(behind);
}

function Invitation(props: { invitation: PeerInvitation; timeZone: string | undefined }) {
  const { invitation } = props;
  return (
    <section id="till-invitation" class="card" aria-labelledby="till-invitation-heading">
      <h3 id="till-invitation-heading">Invitation for a new till</h3>
      <p>
        Code <strong id="till-invitation-code">{invitation.code}</strong>, valid until {readableGmt(invitation.expires_at, props.timeZone)}: it is shown only
        this once. On the new till, with its server running, type:
      </p>
      <pre id="till-invitation-command">{`tillbase peers join ${invitation.address} --code-stdin --fingerprint ${invitation.fingerprint}`}</pre>
      <p>and then the code. Five wrong codes end the invitation.</p>
    </section>
  );
}

function RemoveButton(props: { peer: PeerView; onRemove: (peer: PeerView) => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        class="button button-quiet"
        onClick={() => {
          setAsking(true);
        }}
      >
        Remove {props.peer.name}
      </button>
    );
  return (
    <span role="group" aria-label={`Remove ${props.peer.name}?`}>
      {`Remove ${props.peer.name}? Every till refuses it from its next connection. `}
      <button type="button" class="button button-primary" onClick={() => void props.onRemove(props.peer)}>
        Yes, remove {props.peer.name}
      </button>{' '}
      <button
        type="button"
        class="button button-quiet"
        onClick={() => {
          setAsking(false);
        }}
      >
        Keep it
      </button>
    </span>
  );
}

export function TillsScreen() {
  const { till } = useTill();
  const timeZone = useTillState((state) => state.store?.timezone);
  const peers = useLoaded(() => peersApi.list(till.client), [till]);
  const [invitation, setInvitation] = useState<PeerInvitation | null>(null);

  const invite = async (): Promise<void> => {
    try {
      setInvitation(await peersApi.invite(till.client));
    } catch (error) {
      till.fail(error);
    }
  };
  const remove = async (peer: PeerView): Promise<void> => {
    try {
      const removed = await peersApi.remove(till.client, peer.id);
      till.info(`${removed.name} is removed: the shop's tills refuse it from now on.`);
      await peers.reload();
    } catch (error) {
      till.fail(error);
    }
  };

  return (
    <div class="manage-panel">
      <div class="manage-actions">
        <button type="button" class="button button-primary" onClick={() => void invite()}>
          Invite a till
        </button>
        <button type="button" class="button button-quiet" onClick={() => void peers.reload()}>
          Refresh
        </button>
      </div>
      {invitation !== null && <Invitation invitation={invitation} timeZone={timeZone} />}
      {peers.data !== null && peers.data.length === 0 ? (
        <>
          <p id="tills-none">This till is not paired with any other till: it sells alone, and its sales are on it only until they reach WooCommerce.</p>
          <JoinShopForm
            onJoined={async (joined) => {
              till.info(`This till is ${joined.name} of the shop now.`);
              await peers.reload();
            }}
          />
        </>
      ) : (
        <table id="tills-table" class="lines manage-table" aria-busy={peers.loading ? 'true' : 'false'}>
          <caption class="visually-hidden">The tills this till is paired with</caption>
          <TableHead columns={COLUMNS} />
          <tbody>
            {(peers.data ?? []).map((peer) => (
              <tr key={peer.id}>
                <th scope="row">{peer.name}</th>
                <td>{peer.address}</td>
                <td>{peer.last_seen_gmt === null ? 'not yet' : readableGmt(peer.last_seen_gmt, timeZone)}</td>
                <td class="numeric">{behindWords(peer.behind)}</td>
                <td>
                  <RemoveButton peer={peer} onRemove={remove} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
