/** The login screen (with the users recently logged in on this till) and the idle lock screen. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiRequestError } from '../api-client.js';
import { roleLabel } from '../format.js';
import { useTill, useTillState } from './context.js';

function loginFailureText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'Logging in failed.';
  if (error.status === 401) return 'The username or password is not correct.';
  if (error.status === 429) return error.retryAfterSeconds === null ? 'Too many failed attempts. Try again later.' : `Too many failed attempts. Try again in ${error.retryAfterSeconds} seconds.`;
  return error.message;
}

export function LoginScreen() {
  const { till } = useTill();
  const profiles = useTillState((state) => state.profiles);
  const presetName = useTillState((state) => state.loginUsername);
  const [username, setUsername] = useState(presetName);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setUsername(presetName);
    (presetName === '' ? usernameRef : passwordRef).current?.focus();
  }, [presetName]);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (username.trim() === '' || password === '') {
      setError('Enter your username and password.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await till.login(username.trim(), password);
    } catch (failure) {
      setError(loginFailureText(failure));
      setPassword('');
      passwordRef.current?.focus();
      setBusy(false);
    }
  };

  return (
    <section id="login-view" class="login" aria-labelledby="login-heading">
      <form id="login-form" class="card login-form" novalidate onSubmit={(event) => void submit(event)}>
        <h1 id="login-heading">Log in</h1>
        <label for="login-username">Username or email</label>
        <input id="login-username" ref={usernameRef} name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck={false} value={username} onInput={(event) => { setUsername(event.currentTarget.value); }} />
        <label for="login-password">Password</label>
        <input id="login-password" ref={passwordRef} name="password" type="password" autocomplete="current-password" value={password} onInput={(event) => { setPassword(event.currentTarget.value); }} />
        <p id="login-error" class="form-error" aria-live="assertive">{error}</p>
        <button id="login-submit" type="submit" class="button button-primary" disabled={busy}>Log in</button>
      </form>
      {profiles.length > 0 && (
        <section id="profiles" class="card profiles" aria-labelledby="profiles-heading">
          <h2 id="profiles-heading">Switch to</h2>
          <p class="hint">Choose a user, then enter their password.</p>
          <ul id="profile-list" class="profile-list">
            {profiles.map((profile) => (
              <li key={profile.uuid}>
                <button type="button" class="profile-button" data-profile={profile.uuid} onClick={() => { setUsername(profile.username); setPassword(''); setError(''); passwordRef.current?.focus(); }}>
                  <span class="visually-hidden">Log in as </span>
                  <span>{profile.display_name || profile.username}</span>
                  <span class="profile-role">{roleLabel(profile.roles)} · {profile.username}</span>
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
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    passwordRef.current?.focus();
  }, []);
  if (user === null) return null;

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    try {
      await till.unlock(password);
    } catch (failure) {
      setError(loginFailureText(failure));
      setPassword('');
    }
  };

  return (
    <section id="lock-view" class="login" aria-labelledby="lock-heading">
      <form class="card login-form" novalidate onSubmit={(event) => void submit(event)}>
        <h1 id="lock-heading">Till locked</h1>
        <p>Locked after a while without use. {user.display_name || user.username}, enter your password to carry on.</p>
        <label for="unlock-password">Password</label>
        <input id="unlock-password" ref={passwordRef} type="password" autocomplete="current-password" value={password} onInput={(event) => { setPassword(event.currentTarget.value); }} />
        <p class="form-error" aria-live="assertive">{error}</p>
        <button type="submit" class="button button-primary">Unlock</button>
        <button type="button" class="button button-quiet" onClick={() => void till.switchUser()}>Switch user</button>
      </form>
    </section>
  );
}
