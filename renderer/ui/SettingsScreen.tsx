/**
 * The managers' area: one tab per screen, each shown only to a user whose role may use it (the
 * server checks every request again; hiding a tab only spares a cashier a refusal).
 */
import type { ComponentType } from 'preact';
import { useState } from 'preact/hooks';
import { useTillState } from './context.js';
import { hasCapability } from './manage/api.js';
import { BackupScreen } from './manage/BackupScreen.js';
import { FavouritesScreen } from './manage/FavouritesScreen.js';
import { GatewaysScreen } from './manage/GatewaysScreen.js';
import { ImportScreen } from './manage/ImportScreen.js';
import { LogsScreen } from './manage/LogsScreen.js';
import { ProductsScreen } from './manage/ProductsScreen.js';
import { RegistersScreen } from './manage/RegistersScreen.js';
import { RolesScreen } from './manage/RolesScreen.js';
import { SettingsGroups } from './manage/SettingsGroups.js';
import { ShopReportScreen } from './manage/ShopReportScreen.js';
import { TillsScreen } from './manage/TillsScreen.js';
import { StockScreen } from './manage/StockScreen.js';
import { StoresScreen } from './manage/StoresScreen.js';
import { SyncScreen } from './manage/SyncScreen.js';
import { TemplatesScreen } from './manage/TemplatesScreen.js';
import { UsersScreen } from './manage/UsersScreen.js';

interface ManageTab {
  id: string;
  label: string;
  /** The capability the screen's requests need (server/domain/access/policy.ts). */
  capability: string;
  screen: ComponentType;
}

export const MANAGE_TABS: readonly ManageTab[] = [
  { id: 'settings', label: 'Settings', capability: 'manage_pos', screen: SettingsGroups },
  { id: 'stores', label: 'Stores', capability: 'manage_stores', screen: StoresScreen },
  { id: 'registers', label: 'Registers', capability: 'manage_stores', screen: RegistersScreen },
  { id: 'gateways', label: 'Payments', capability: 'manage_pos', screen: GatewaysScreen },
  { id: 'favourites', label: 'Favourites', capability: 'manage_pos', screen: FavouritesScreen },
  { id: 'templates', label: 'Receipts', capability: 'manage_pos', screen: TemplatesScreen },
  { id: 'users', label: 'Users', capability: 'manage_pos', screen: UsersScreen },
  { id: 'roles', label: 'Roles', capability: 'manage_pos', screen: RolesScreen },
  { id: 'logs', label: 'Logs', capability: 'manage_pos', screen: LogsScreen },
  // The route takes handle_cash (as the session's X report) but shows a cashier no takings per tender: the tab is the managers'.
  { id: 'shop', label: 'Shop', capability: 'manage_pos', screen: ShopReportScreen },
  { id: 'tills', label: 'Tills', capability: 'manage_pos', screen: TillsScreen },
  { id: 'sync', label: 'Sync', capability: 'manage_sync', screen: SyncScreen },
  { id: 'products', label: 'Products', capability: 'manage_products', screen: ProductsScreen },
  { id: 'stock', label: 'Stock', capability: 'manage_products', screen: StockScreen },
  { id: 'import', label: 'Import', capability: 'manage_products', screen: ImportScreen },
  // The backup holds every password hash: by default only administrators hold install_plugins.
  { id: 'backup', label: 'Backup', capability: 'install_plugins', screen: BackupScreen },
];

export function SettingsScreen() {
  const user = useTillState((state) => state.user);
  const tabs = MANAGE_TABS.filter((tab) => hasCapability(user, tab.capability));
  const [chosen, setChosen] = useState(tabs[0]?.id ?? '');
  const current = tabs.find((tab) => tab.id === chosen) ?? tabs[0];
  const Screen = current?.screen;
  const move = (event: KeyboardEvent, index: number): void => {
    // Arrow keys move between tabs, as a tab list does.
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (next === undefined) return;
    setChosen(next.id);
    document.getElementById(`manage-tab-${next.id}`)?.focus();
  };
  return (
    <section id="settings-view" class="manage" aria-labelledby="settings-heading">
      <div class="view-heading">
        <h1 id="settings-heading">Managing the shop</h1>
      </div>
      <div class="tabs manage-tabs" role="tablist" aria-label="Managers’ screens">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            id={`manage-tab-${tab.id}`}
            type="button"
            role="tab"
            class="tab"
            aria-selected={tab.id === current?.id ? 'true' : 'false'}
            aria-controls="manage-panel"
            tabIndex={tab.id === current?.id ? 0 : -1}
            onClick={() => {
              setChosen(tab.id);
            }}
            onKeyDown={(event) => {
              move(event, index);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id="manage-panel" role="tabpanel" aria-labelledby={current === undefined ? undefined : `manage-tab-${current.id}`}>
        {Screen === undefined ? <p class="empty">Your role has none of the managers’ screens.</p> : <Screen key={current?.id} />}
      </div>
    </section>
  );
}
