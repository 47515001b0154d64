/**
 * The preload script of the till's window: exposes `window.tillbase.profiles` to the page, each
 * method one `ipcRenderer.invoke` answered by main/profile-ipc.ts. CommonJS (`.cts` → `.cjs`)
 * because sandboxed preload scripts cannot be ES modules and can load nothing but `electron`.
 */
import electron = require('electron');
import type { ProfileChannels, TillbaseBridge } from '../shared/bridge.js';

const channels: ProfileChannels = {
  list: 'tillbase:profiles:list',
  refreshToken: 'tillbase:profiles:refresh-token',
  save: 'tillbase:profiles:save',
  remove: 'tillbase:profiles:remove',
};

const { ipcRenderer } = electron;

const bridge: TillbaseBridge = {
  profiles: {
    list: () => ipcRenderer.invoke(channels.list),
    refreshToken: (uuid) => ipcRenderer.invoke(channels.refreshToken, uuid),
    save: (profile, refreshToken) => ipcRenderer.invoke(channels.save, profile, refreshToken),
    remove: (uuid) => ipcRenderer.invoke(channels.remove, uuid),
  },
};

electron.contextBridge.exposeInMainWorld('tillbase', bridge);
