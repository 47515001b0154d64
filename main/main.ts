/**
 * The Electron entry: starts the embedded pos/v1 server on a free localhost port, then opens the
 * till's window on the server's own UI. The only module of main/ that loads Electron; the server
 * never does.
 *
 * The server runs in the main process, not in a utilityProcess: better-sqlite3 is synchronous but
 * each request's work is a few milliseconds, the main process does little else (one window, a few
 * IPC calls), and keeping one process means one owner of the database and its lock, a shutdown
 * that closes the database before the app exits (quit and Windows' session-end), and the keychain
 * secret store shared with the session IPC without a second channel. A utilityProcess would be
 * the step to take if long imports ran inside the app and made the window's IPC wait.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, screen, session, shell } from 'electron';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultServeOptions } from '../server/config.js';
import { CREDENTIALS_FILE } from '../server/demo/demo-users.js';
import { startServer, type RunningServer } from '../server/start.js';
import { CustomerDisplayWindow, registerCustomerDisplayIpc } from './customer-display.js';
import { AppLifecycle } from './lifecycle.js';
import { registerPrintIpc } from './print-ipc.js';
import { registerProfileIpc } from './profile-ipc.js';
import { closeDevToolsWhenPackaged, lockDownShell, reloadAfterCrash } from './shell.js';
import { denyPermissionRequests, guardNavigation, secureWebPreferences } from './window-policy.js';

/** Sandboxed preload scripts must be CommonJS, hence `.cjs` next to this file. */
const PRELOAD_PATH = join(dirname(fileURLToPath(import.meta.url)), 'preload.cjs');

let mainWindow: BrowserWindow | null = null;
let customerDisplay: CustomerDisplayWindow | null = null;
/** Set when this start seeded the demo store: its users' passwords went to a file nobody has seen yet. */
let demoCredentialsFile: string | null = null;

function reportError(context: string, error: unknown): void {
  process.stderr.write(`Tillbase: ${context}: ${error instanceof Error ? error.message : String(error)}\n`);
}

/** The customer display's window: the app's page /app/display, locked down as the till's. */
function customerDisplayFor(origin: string): CustomerDisplayWindow {
  return new CustomerDisplayWindow({
    screens: screen,
    createWindow: (placement) =>
      new BrowserWindow({
        ...placement,
        title: 'Customer display',
        backgroundColor: '#f4f5f7',
        autoHideMenuBar: true,
        webPreferences: { ...secureWebPreferences(PRELOAD_PATH), devTools: !app.isPackaged },
      }),
    url: `${origin}/app/display`,
    reportError,
  });
}

function openExternal(url: string): void {
  shell.openExternal(url).catch((error: unknown) => {
    reportError('opening a link in the browser', error);
  });
}

async function openWindow(origin: string): Promise<void> {
  const window = new BrowserWindow({
    width: 1180,
    height: 800,
    minWidth: 760,
    minHeight: 520,
    title: 'Tillbase',
    show: false,
    backgroundColor: '#f4f5f7',
    autoHideMenuBar: true,
    webPreferences: { ...secureWebPreferences(PRELOAD_PATH), devTools: !app.isPackaged },
  });
  closeDevToolsWhenPackaged(window.webContents, app.isPackaged);
  reloadAfterCrash(window.webContents, {
    appUrl: `${origin}/app/`,
    reportError,
    giveUp: (reason) => {
      dialog.showErrorBox('Tillbase stopped', `The till's window stopped again and again (${reason}). Restart Tillbase; your sales are saved.`);
      app.quit();
    },
  });
  // Windows logs off or shuts down without a quit: close the database while there is time.
  window.on('session-end', () => {
    void lifecycle.handleSessionEnd();
  });
  window.once('ready-to-show', () => {
    window.show();
    if (demoCredentialsFile !== null) tellAboutDemoUsers(window, demoCredentialsFile);
  });
  window.on('closed', () => {
    mainWindow = null;
    customerDisplay?.close();
  });
  mainWindow = window;
  await window.loadURL(`${origin}/app/`);
}

async function startEmbeddedServer(): Promise<RunningServer> {
  // Port 0: a free port each start, so that a second till app or a headless server never collides.
  const options = { ...defaultServeOptions(process.env), port: 0 };
  const firstRun = { seededDemo: false };
  // The server announces the demo users (with passwords) on standard output, which a desktop user
  // never sees; the window points to the credentials file instead, and the lines are not kept.
  const server = await startServer(options, () => {
    firstRun.seededDemo = true;
  });
  if (firstRun.seededDemo) demoCredentialsFile = join(resolve(options.dataDir), CREDENTIALS_FILE);
  return server;
}

function tellAboutDemoUsers(window: BrowserWindow, credentialsFile: string): void {
  dialog
    .showMessageBox(window, {
      type: 'info',
      title: 'Demo store created',
      message: 'Tillbase has created a demo store with one user for each role.',
      detail: `Their usernames and passwords are in ${credentialsFile}. Change the passwords with: tillbase users passwd USERNAME --password-stdin`,
    })
    .catch((error: unknown) => {
      reportError('showing the demo users notice', error);
    });
}

const lifecycle = new AppLifecycle<RunningServer>({
  startServer: startEmbeddedServer,
  onServerReady: async (server) => {
    const unregisterProfiles = registerProfileIpc(ipcMain, server.secrets, server.origin, server.apiUrl, fetch);
    const unregisterPrint = registerPrintIpc(ipcMain, server.origin);
    customerDisplay = customerDisplayFor(server.origin);
    const unregisterDisplay = registerCustomerDisplayIpc(ipcMain, server.origin, customerDisplay);
    const policy = { appOrigin: server.origin, preloadPath: PRELOAD_PATH, openExternal };
    // Every web contents, the main window's and any it opens, gets the same navigation guard.
    app.on('web-contents-created', (_event, contents) => {
      guardNavigation(contents, policy);
    });
    denyPermissionRequests(session.defaultSession);
    await openWindow(server.origin);
    await customerDisplay.openOnSecondScreen();
    return () => {
      unregisterProfiles();
      unregisterPrint();
      unregisterDisplay();
    };
  },
  quit: () => {
    app.quit();
  },
  reportError,
});

if (app.requestSingleInstanceLock()) {
  app.on('second-instance', () => {
    if (mainWindow === null) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => {
    app.quit();
  });
  app.on('before-quit', (event) => {
    lifecycle.handleBeforeQuit(event);
  });
  app
    .whenReady()
    .then(() => {
      lockDownShell(Menu, app.isPackaged);
      return lifecycle.start();
    })
    .catch((error: unknown) => {
      dialog.showErrorBox('Tillbase could not start', error instanceof Error ? error.message : String(error));
      app.quit();
    });
} else {
  // Another till app already owns the database; it was asked to show its window instead.
  app.quit();
}
