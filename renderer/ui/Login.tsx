/** The login screen (with the users recently logged in on this till) and the idle lock screen. */
import type { Ref } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiRequestError } from '../api-client.js';
import { roleLabel } from '../format.js';
import type { LoginKind } from '../token-vault.js';
import { useTill, useTillState } from './context.js';

/**
 * A wrong PIN or password, each in its own words: the server's sentence names the username and
 * password, which reads wrong after a PIN.
 */
function loginFailureText(error: unknown, kind: LoginKind = 'password'): string {
  if (!(error instanceof ApiRequestError)) return 'Logging in failed.';
  if (error.status === 401)
    return kind === 'pin' ? 'That PIN is not correct. Try again, or use the password instead.' : 'The username or password is not correct.';
  if (error.status === 429)
    return error.retryAfterSeconds === null
      ? 'Too many failed attempts. Try again later.'
      : `Too many failed attempts. Try again in ${error.retryAfterSeconds} seconds.`;
  return error.message;
}

/** Keeps digits only, as a PIN pad would. */
const digitsOnly = (value: string): string => value.replace(/\D/g, '').slice(0, 8);

interface SecretFieldProps {
  id: string;
  kind: LoginKind;
  value: string;
  inputRef: Ref<HTMLInputElement>;
  onInput: (value: string) => void;
  onKind: (kind: LoginKind) => void;
}

/**
 * The PIN field (digits) with a way to the password instead, or the password field. Keyed, so that
 * switching makes a new input rather than leaving the PIN's maxlength and inputmode on the password's.
 */
function SecretField({ id, kind, value, inputRef, onInput, onKind }: SecretFieldProps) {
  return kind === 'pin' ? (
    <>
      <label for={id}>PIN</label>
      <input
        key="pin"
        id={id}
        ref={inputRef}
        name="pin"
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        autocomplete="off"
        maxLength={8}
        value={value}
        onInput={(event) => {
          onInput(digitsOnly(event.currentTarget.value));
        }}
      />
      <button
        type="button"
        class="button button-quiet"
        onClick={() => {
          onKind('password');
        }}
      >
        Use password instead
      </button>
    </>
  ) : (
    <>
      <label for={id}>Password</label>
      <input
        key="password"
        id={id}
        ref={inputRef}
        name="password"
        type="password"
        autocomplete="current-password"
        value={value}
        onInput={(event) => {
          onInput(event.currentTarget.value);
        }}
      />
      {/* A PIN works from the first login on this till: no saved profile is needed to offer it. */}
      <button
        type="button"
        class="button button-quiet"
        onClick={() => {
          onKind('pin');
        }}
      >
        Use PIN instead
      </button>
    </>
  );
}

export function LoginScreen() {
  const { till } = useTill();
  const profiles = useTillState((state) => state.profiles);
  const presetName = useTillState((state) => state.loginUsername);
  const [username, setUsername] = useState(presetName);
  const [secret, setSecret] = useState('');
  // A saved user chosen from "Switch to" proves themselves with their PIN unless they choose the password.
  const [kind, setKind] = useState<LoginKind>('password');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);

  // A layout effect runs in the same task as the render, so a keystroke or a scan cannot land
  // between the fields appearing and this reset (a plain effect runs after paint and wiped them).
  useLayoutEffect(() => {
    setUsername(presetName);
    (presetName === '' ? usernameRef : secretRef).current?.focus();
  }, [presetName]);
  useEffect(() => {
    if (username !== '') secretRef.current?.focus();
  }, [kind]);

  const chooseKind = (next: LoginKind): void => {
    setKind(next);
    setSecret('');
    setError('');
  };

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (username.trim() === '' || secret === '') {
      setError(kind === 'pin' ? 'Enter the PIN.' : 'Enter your username and password.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await till.login(username.trim(), secret, kind);
    } catch (failure) {
      setError(loginFailureText(failure, kind));
      setSecret('');
      secretRef.current?.focus();
      setBusy(false);
    }
  };

  return (
    <section id="login-view" class="login" aria-labelledby="login-heading">
      <form id="login-form" class="card login-form" novalidate onSubmit={(event) => void submit(event)}>
        <h1 id="login-heading">Log in</h1>
        <label for="login-username">Username or email</label>
        <input
          id="login-username"
          ref={usernameRef}
          name="username"
          type="text"
          autocomplete="username"
          autocapitalize="none"
          spellcheck={false}
          value={username}
          onInput={(event) => {
            setUsername(event.currentTarget.value);
          }}
        />
        <SecretField
          id={kind === 'pin' ? 'login-pin' : 'login-password'}
          kind={kind}
          value={secret}
          inputRef={secretRef}
          onInput={setSecret}
          onKind={chooseKind}
        />
        <p id="login-error" class="form-error" aria-live="assertive">
          {error}
        </p>
        <button id="login-submit" type="submit" class="button button-primary" disabled={busy}>
          Log in
        </button>
      </form>
      {profiles.length > 0 && (
        <section id="profiles" class="card profiles" aria-labelledby="profiles-heading">
          <h2 id="profiles-heading">Switch to</h2>
          <p class="hint">Choose a user, then enter their PIN (or their password).</p>
          <ul id="profile-list" class="profile-list">
            {profiles.map((profile) => (
              <li key={profile.uuid}>
                <button
                  type="button"
                  class="profile-button"
                  data-profile={profile.uuid}
                  onClick={() => {
                    setUsername(profile.username);
                    chooseKind('pin');
                    secretRef.current?.focus();
                  }}
                >
                  <span class="visually-hidden">Log in as </span>
                  <span>{profile.display_name || profile.username}</span>
                  <span class="profile-role">
                    {roleLabel(profile.roles)} · {profile.username}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

export function LockScreen() {
  const { till } = useTill();
  const user = useTillState((state) => state.user);
  // What the user logged in with is what they surely have: a user without a PIN is asked for their password.
  const signedInWith = useTillState((state) => state.signedInWith);
  const [secret, setSecret] = useState('');
  const [kind, setKind] = useState<LoginKind>(signedInWith);
  const [error, setError] = useState('');
  const secretRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    secretRef.current?.focus();
  }, [kind]);
  if (user === null) return null;

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    try {
      await till.unlock(secret, kind);
    } catch (failure) {
      setError(loginFailureText(failure, kind));
      setSecret('');
    }
  };

  return (
    <section id="lock-view" class="login" aria-labelledby="lock-heading">
      <form class="card login-form" novalidate onSubmit={(event) => void submit(event)}>
        <h1 id="lock-heading">Till locked</h1>
        <p>Locked after a while without use. {user.display_name || user.username}, enter your PIN or password to carry on.</p>
        <SecretField
          id={kind === 'pin' ? 'unlock-pin' : 'unlock-password'}
          kind={kind}
          value={secret}
          inputRef={secretRef}
          onInput={setSecret}
          onKind={(next) => {
            setKind(next);
            setSecret('');
            setError('');
          }}
        />
        <p class="form-error" aria-live="assertive">
          {error}
        </p>
        <button type="submit" class="button button-primary">
          Unlock
        </button>
        <button type="button" class="button button-quiet" onClick={() => void till.switchUser()}>
          Switch user
        </button>
      </form>
    </section>
  );
}
