/**
 * The preload script of the till's window: exposes `window.tillbase` to the page, each method one
 * `ipcRenderer.invoke` answered by main/profile-ipc.ts, main/print-ipc.ts and main/customer-display.ts. The page gets access
 * tokens from it, never a refresh token. CommonJS (`.cts` → `.cjs`) because sandboxed preload
 * scripts cannot be ES modules and can load nothing but `electron`.
 */
import electron = require('electron');
import type { SessionChannels, TillbaseBridge } from '../shared/bridge.js';

const channels: SessionChannels = {
  profiles: 'tillbase:session:profiles',
  login: 'tillbase:session:login',
  refresh: 'tillbase:session:refresh',
  logout: 'tillbase:session:logout',
  print: 'tillbase:print',
  customerDisplay: 'tillbase:customer-display',
};

const { ipcRenderer } = electron;

const bridge: TillbaseBridge = {
  session: {
    profiles: () => ipcRenderer.invoke(channels.profiles),
    login: (username, secret, kind) =>
      kind === undefined ? ipcRenderer.invoke(channels.login, username, secret) : ipcRenderer.invoke(channels.login, username, secret, kind),
    refresh: (uuid) => ipcRenderer.invoke(channels.refresh, uuid),
    logout: (uuid) => ipcRenderer.invoke(channels.logout, uuid),
  },
  print: () => ipcRenderer.invoke(channels.print),
  openCustomerDisplay: () => ipcRenderer.invoke(channels.customerDisplay),
};

electron.contextBridge.exposeInMainWorld('tillbase', bridge);
