/**
 * The till app's entry: one Till (state and actions over the CONTRACT 5 client), the keyboard-wedge
 * scanner and the idle lock on the whole window, and the Preact tree.
 */
import { render } from 'preact';
import { API_NAMESPACE } from '../shared/api.js';
import type { TillbaseBridge } from '../shared/bridge.js';
import { CUSTOMER_DISPLAY_CHANNEL, feedCustomerDisplay } from './customer-display.js';
import { IdleLock } from './idle-lock.js';
import { Payment } from './payment.js';
import { Sale } from './sale.js';
import { OrderHistory } from './order-history.js';
import { KeyboardWedge } from './scanner.js';
import { installShortcuts } from './shortcuts.js';
import { announceScan } from './scans-elsewhere.js';
import { Till } from './till.js';
import { bridgeSessionKeeper, browserSessionKeeper, memorySessionKeeper, TokenVault, type StorageLike } from './token-vault.js';
import { App } from './ui/App.js';
import { TillContext, type TillApi } from './ui/context.js';

/** Minutes without use before the till locks; `?idle-lock=SECONDS` sets another time (the tests use 1 s). */
const DEFAULT_IDLE_LOCK_SECONDS = 5 * 60;

function tabStorage(): StorageLike | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage switched off by the browser: the session then lasts as long as the page.
    return null;
  }
}

/** What the till remembers beyond the tab (the day the float was asked for): the browser's local storage. */
function tillStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function idleLockSeconds(params: URLSearchParams): number {
  const asked = Number(params.get('idle-lock'));
  return Number.isFinite(asked) && asked >= 1 ? asked : DEFAULT_IDLE_LOCK_SECONDS;
}

const params = new URLSearchParams(window.location.search);
const bridge = (window as Window & { tillbase?: TillbaseBridge }).tillbase;
const storage = tabStorage();
const keeper = bridge !== undefined ? bridgeSessionKeeper(bridge.session) : storage === null ? memorySessionKeeper() : browserSessionKeeper(storage);
const till = new Till(new TokenVault(keeper, storage), `${window.location.origin}${API_NAMESPACE}`, window.fetch.bind(window), tillStorage());
const sale = new Sale(till);
const history = new OrderHistory(till);
const payment = new Payment(till);

async function print(): Promise<void> {
  if (bridge === undefined) {
    window.print();
    return;
  }
  const result = await bridge.print();
  if (!result.printed) till.state.set({ status: { kind: 'error', message: 'The receipt was not printed.', explanation: result.reason } });
}

// A scanner types wherever the focus is: its burst is taken out of the field it landed in and sold.
const wedge = new KeyboardWedge();
window.addEventListener(
  'keydown',
  (event) => {
    const code = wedge.feed({ key: event.key, time: event.timeStamp, modified: event.ctrlKey || event.altKey || event.metaKey });
    if (code === null) return;
    event.preventDefault();
    event.stopPropagation();
    const field = document.activeElement;
    if (field instanceof HTMLInputElement && field.value.endsWith(code)) {
      field.value = field.value.slice(0, -code.length);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const state = till.state.get();
    // A receipt showing ends the payment: the scan is the next sale's first item.
    if (state.user === null || state.locked || (state.paying && state.receipt === null)) return;
    if (state.screen !== 'sell') {
      announceScan(code);
      return;
    }
    payment.nextSale();
    void sale.scan(code);
  },
  { capture: true },
);

installShortcuts(window);

const idleLock = new IdleLock(
  idleLockSeconds(params) * 1000,
  () => {
    till.lock();
  },
  window,
);
const noteActivity = (): void => {
  const state = till.state.get();
  if (state.user !== null && !state.locked) idleLock.activity();
  else idleLock.stop();
};
for (const name of ['keydown', 'pointerdown', 'touchstart', 'wheel'] as const) window.addEventListener(name, noteActivity, { capture: true, passive: true });
till.state.subscribe(noteActivity);

// The customer display (/app/display) follows the sale from this window, without the server.
if (typeof BroadcastChannel === 'function') feedCustomerDisplay(till.state, new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL));

/** The desktop app places the display on a second screen; a browser opens it as another window. */
function openCustomerDisplay(): void {
  if (bridge !== undefined) {
    void bridge.openCustomerDisplay();
    return;
  }
  window.open('/app/display', 'tillbase-customer-display');
}

const api: TillApi = { till, sale, history, payment, print, openCustomerDisplay };
const root = document.getElementById('app');
if (root === null) throw new Error('index.html has no #app');
render(
  <TillContext.Provider value={api}>
    <App />
  </TillContext.Provider>,
  root,
);
void till.start(params.get('recovered'));
