/** The till's window: the top bar, the messages, and the screen of the moment. */
import { roleLabel } from '../format.js';
import { useTill, useTillState } from './context.js';
import { ApprovalDialog } from './ApprovalDialog.js';
import { CustomerDisplayButton } from './CustomerDisplayButton.js';
import { DrawerScreen } from './DrawerScreen.js';
import { HistoryScreen } from './HistoryScreen.js';
import { LockScreen, LoginScreen } from './Login.js';
import { OpeningOfDay } from './OpeningOfDay.js';
import { SellScreen } from './SellScreen.js';
import { MANAGE_TABS, SettingsScreen } from './SettingsScreen.js';
import { SyncBar } from './SyncBar.js';
import type { Screen } from '../till.js';
import { SHORTCUTS } from '../shortcuts.js';
import { KeyHint } from './KeyHint.js';

function StatusBox() {
  const { till } = useTill();
  const status = useTillState((state) => state.status);
  if (status === null) return null;
  return (
    <div id="status" class={status.kind === 'info' ? 'status status-info' : 'status'} role="alert">
      <div class="status-text">
        <p id="status-message" class="status-message">
          {status.message}
        </p>
        {status.explanation != null && (
          <p id="status-explanation" class="status-explanation">
            {status.explanation}
          </p>
        )}
        {status.detail != null && (
          // The server's code is for whoever supports the till, not for the cashier: folded away.
          <details class="status-details">
            <summary>Details</summary>
            <p id="status-detail" class="status-detail">
              {status.detail}
            </p>
          </details>
        )}
      </div>
      <button
        type="button"
        class="button button-quiet"
        aria-label="Dismiss message"
        onClick={() => {
          till.clearStatus();
        }}
      >
        ✕
      </button>
    </div>
  );
}

function OfflineBanner() {
  const { till } = useTill();
  const unreachable = useTillState((state) => state.unreachable);
  if (!unreachable) return null;
  return (
    <div id="offline-banner" class="banner" role="alert">
      <span>The till cannot reach the Tillbase server. Nothing is lost; sales resume when it answers again.</span>
      <button
        type="button"
        class="button"
        onClick={() => {
          till.retry();
        }}
      >
        Retry
      </button>
    </div>
  );
}

/** The top bar's screens, each shown to a user holding one of its capabilities (none: everyone). */
const SCREENS: ReadonlyArray<{ screen: Screen; label: string; anyOf?: readonly string[]; shortcut?: string }> = [
  { screen: 'sell', label: 'Sell', shortcut: SHORTCUTS.sell },
  { screen: 'history', label: 'Orders', anyOf: ['read_orders'] },
  { screen: 'drawer', label: 'Drawer', anyOf: ['handle_cash'], shortcut: SHORTCUTS.drawer },
  // Any of the managers' tabs: a role given only manage_products (or manage_sync) still reaches its tab.
  { screen: 'settings', label: 'Settings', anyOf: MANAGE_TABS.map((tab) => tab.capability) },
];

function TopBar() {
  const { till } = useTill();
  const user = useTillState((state) => state.user);
  const screen = useTillState((state) => state.screen);
  const locked = useTillState((state) => state.locked);
  return (
    <header class="topbar">
      <span class="brand">Tillbase</span>
      {user !== null && !locked && (
        <nav id="session-bar" class="session-bar" aria-label="Till">
          {SCREENS.filter((entry) => entry.anyOf === undefined || entry.anyOf.some((capability) => (user.capabilities as string[]).includes(capability))).map(
            (entry) => (
              <button
                key={entry.screen}
                id={`nav-${entry.screen}`}
                type="button"
                class="nav-link"
                aria-current={screen === entry.screen ? 'page' : undefined}
                aria-keyshortcuts={entry.shortcut}
                data-shortcut={entry.shortcut}
                onClick={() => {
                  till.go(entry.screen);
                }}
              >
                {entry.label}
                {entry.shortcut !== undefined && <KeyHint shortcut={entry.shortcut} />}
              </button>
            ),
          )}
          <span class="spacer" />
          <span class="who">
            <span id="user-name" class="who-name">
              {user.display_name || user.username}
            </span>
            <span id="user-role" class="who-role">
              {roleLabel(user.roles)}
            </span>
          </span>
          <CustomerDisplayButton />
          <button
            id="lock-till"
            type="button"
            class="button button-quiet"
            aria-keyshortcuts={SHORTCUTS.lock}
            data-shortcut={SHORTCUTS.lock}
            onClick={() => {
              till.lock();
            }}
          >
            Lock <KeyHint shortcut={SHORTCUTS.lock} />
          </button>
          <button id="switch-user" type="button" class="button button-quiet" onClick={() => void till.switchUser()}>
            Switch user
          </button>
          <button id="log-out" type="button" class="button button-quiet" onClick={() => void till.logout()}>
            Log out
          </button>
        </nav>
      )}
    </header>
  );
}

export function App() {
  const user = useTillState((state) => state.user);
  const locked = useTillState((state) => state.locked);
  const screen = useTillState((state) => state.screen);
  const openingOfDay = useTillState((state) => state.openingOfDay);
  let body;
  if (user === null) body = <LoginScreen />;
  else if (locked) body = <LockScreen />;
  else if (screen === 'history') body = <HistoryScreen />;
  else if (screen === 'drawer') body = <DrawerScreen />;
  else if (screen === 'settings') body = <SettingsScreen />;
  else if (openingOfDay) body = <OpeningOfDay />;
  else body = <SellScreen />;
  return (
    <>
      <TopBar />
      <OfflineBanner />
      {user !== null && !locked && <SyncBar />}
      <StatusBox />
      <main class="content">{body}</main>
      {user !== null && !locked && <ApprovalDialog />}
    </>
  );
}
