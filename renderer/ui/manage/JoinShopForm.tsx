/**
 * Joining a shop from this till (Settings → Tills, while it is alone): the address, code and
 * fingerprint another till's invitation shows, as `tillbase peers join` takes them. The code is sent
 * once and kept nowhere here.
 */
import { useState } from 'preact/hooks';
import * as peersApi from '../../api/peers.js';
import type { PeerJoined } from '../../api/peers.js';
import { useTill } from '../context.js';
import { TextField } from '../kit/TextField.js';

export function JoinShopForm(props: { onJoined: (joined: PeerJoined) => Promise<void> }) {
  const { till } = useTill();
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [fingerprint, setFingerprint] = useState('');
  const [joining, setJoining] = useState(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setJoining(true);
    try {
      const joined = await peersApi.join(till.client, {
        address: address.trim(),
        code: code.trim(),
        ...(fingerprint.trim() === '' ? {} : { fingerprint: fingerprint.trim() }),
      });
      setCode('');
      await props.onJoined(joined);
    } catch (error) {
      till.fail(error);
    } finally {
      setJoining(false);
    }
  };

  return (
    <form id="join-shop" class="card manage-form" aria-label="Join a shop" onSubmit={(event) => void submit(event)}>
      <h3>Join a shop</h3>
      <p class="hint">
        On a till of the shop, a manager chooses Invite a till (or runs tillbase peers invite): type here what it shows. This till then sells as one of the
        shop's tills, and its sales are on two tills before their receipts.
      </p>
      <TextField id="join-address" label="Address of the inviting till" placeholder="192.168.1.20:8789" value={address} onInput={setAddress} required />
      <TextField id="join-code" label="Code" inputMode="numeric" autocomplete="off" maxLength={6} value={code} onInput={setCode} required />
      <TextField
        id="join-fingerprint"
        label="Shop fingerprint (optional)"
        hint="As the invitation shows it: this till then refuses a shop whose certificate is not that one."
        value={fingerprint}
        onInput={setFingerprint}
      />
      <div class="manage-actions">
        <button type="submit" class="button button-primary" disabled={joining}>
          {joining ? 'Joining…' : 'Join the shop'}
        </button>
      </div>
    </form>
  );
}
