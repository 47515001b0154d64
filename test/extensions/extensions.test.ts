import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

interface EntryBody {
  slug: string;
  name: string;
  version: string;
  status: string;
}
interface ErrorBody {
  code: string;
  data: { params: Record<string, string>; reason: string; capability: string };
}
interface LogsBody {
  entries: Array<{ message: string; context: Record<string, unknown> }>;
}

const { server, tokens } = useServer({ roles: ['administrator', 'shop_manager'] });

const MANIFEST = {
  name: 'Loyalty points',
  version: '1.2.0',
  description: 'Points for every purchase, redeemable at the till.',
  author: 'Till Co',
  category: 'marketing',
  tags: ['loyalty', 'customers'],
  requires_pos: '0.1.0',
  homepage: 'https://example.test/loyalty',
  settings_url: '/app/#/extensions/loyalty-points',
};

const entry = (status: string, overrides: Record<string, unknown> = {}) => ({
  slug: 'loyalty-points',
  name: 'Loyalty points',
  description: 'Points for every purchase, redeemable at the till.',
  version: '1.2.0',
  author: 'Till Co',
  category: 'marketing',
  tags: ['loyalty', 'customers'],
  requires_wp: '',
  requires_wc: '',
  requires_pos: '0.1.0',
  requires_pro: false,
  icon: '',
  homepage: 'https://example.test/loyalty',
  download_url: '',
  latest_version: '1.2.0',
  released_at: null,
  status,
  installed_version: '1.2.0',
  plugin_file: '',
  auto_update: false,
  has_update: false,
  settings_url: '/app/#/extensions/loyalty-points',
  ...overrides,
});

const act = (body: unknown, token = tokens.administrator) => api<EntryBody & ErrorBody>(server, 'POST', '/extensions/action', { token, body });

describe('extensions', () => {
  it('starts with an empty catalogue', async () => {
    const response = await api<EntryBody[]>(server, 'GET', '/extensions', { token: tokens.shop_manager });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('installs, activates, deactivates, updates and uninstalls an extension', async () => {
    const installed = await act({ action: 'install', slug: 'loyalty-points', manifest: MANIFEST });
    expect(installed.status).toBe(200);
    expect(installed.body).toEqual(entry('inactive'));
    expect((await api<EntryBody[]>(server, 'GET', '/extensions', { token: tokens.shop_manager })).body).toEqual([entry('inactive')]);

    const activated = await act({ action: 'activate', slug: 'loyalty-points' });
    expect(activated.status).toBe(200);
    expect(activated.body).toEqual(entry('active'));
    expect((await api<EntryBody[]>(server, 'GET', '/extensions?status=active', { token: tokens.shop_manager })).body).toEqual([entry('active')]);
    expect((await api<EntryBody[]>(server, 'GET', '/extensions?status=inactive', { token: tokens.shop_manager })).body).toEqual([]);

    const updated = await act({ action: 'update_settings', slug: 'loyalty-points', auto_update: true });
    expect(updated.body).toEqual(entry('active', { auto_update: true }));

    const deactivated = await act({ action: 'deactivate', slug: 'loyalty-points' });
    expect(deactivated.body).toEqual(entry('inactive', { auto_update: true }));

    const uninstalled = await act({ action: 'uninstall', slug: 'loyalty-points' });
    expect(uninstalled.status).toBe(200);
    expect(uninstalled.body).toEqual(entry('not_installed', { installed_version: null }));
    expect((await api<EntryBody[]>(server, 'GET', '/extensions', { token: tokens.shop_manager })).body).toEqual([]);
  });

  it('fills a minimal manifest with defaults, and filters by category and search', async () => {
    expect((await act({ action: 'install', slug: 'gift-cards', manifest: { name: 'Gift cards', version: '2.0.0', category: 'payments' } })).status).toBe(200);
    expect((await act({ action: 'install', slug: 'shelf-labels', manifest: { name: 'Shelf labels', version: '0.3' } })).status).toBe(200);
    const list = await api<EntryBody[]>(server, 'GET', '/extensions', { token: tokens.administrator });
    expect(list.body.map((item) => item.slug)).toEqual(['gift-cards', 'shelf-labels']);
    expect(list.body[1]).toMatchObject({
      description: '',
      author: '',
      category: '',
      tags: [],
      homepage: '',
      requires_pos: '',
      status: 'inactive',
      installed_version: '0.3',
    });
    expect((await api<EntryBody[]>(server, 'GET', '/extensions?category=payments', { token: tokens.administrator })).body.map((item) => item.slug)).toEqual([
      'gift-cards',
    ]);
    expect((await api<EntryBody[]>(server, 'GET', '/extensions?search=LABEL', { token: tokens.administrator })).body.map((item) => item.slug)).toEqual([
      'shelf-labels',
    ]);
  });

  it('refuses a second install of the same slug with 400', async () => {
    const response = await act({ action: 'install', slug: 'gift-cards', manifest: { name: 'Gift cards again', version: '9.0.0' } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('pos_rest_extension_exists');
    expect((await api<EntryBody[]>(server, 'GET', '/extensions?search=gift', { token: tokens.administrator })).body[0]).toMatchObject({
      name: 'Gift cards',
      version: '2.0.0',
    });
  });

  it('answers 404 for an unknown slug', async () => {
    for (const action of ['activate', 'deactivate', 'uninstall']) {
      const response = await act({ action, slug: 'no-such-extension' });
      expect(response.status, action).toBe(404);
      expect(response.body.code).toBe('pos_rest_extension_invalid_id');
    }
    const settings = await act({ action: 'update_settings', slug: 'no-such-extension', auto_update: false });
    expect(settings.status).toBe(404);
  });

  it('validates the action, the slug and the manifest', async () => {
    const badAction = await act({ action: 'download', slug: 'gift-cards' });
    expect(badAction.status).toBe(400);
    expect(badAction.body.data.params).toEqual({ action: 'action must be one of install, activate, deactivate, uninstall, update_settings' });
    const noManifest = await act({ action: 'install', slug: 'bare' });
    expect(noManifest.body.data.params).toEqual({ manifest: 'manifest must be an object with at least name and version' });
    const badManifest = await act({ action: 'install', slug: 'Bad Slug', manifest: { name: '', version: 'latest', homepage: 'ftp://example.test' } });
    expect(Object.keys(badManifest.body.data.params).sort()).toEqual(['manifest.homepage', 'manifest.name', 'manifest.version', 'slug']);
    const noFlag = await act({ action: 'update_settings', slug: 'gift-cards' });
    expect(noFlag.body.data.params).toEqual({ auto_update: 'auto_update must be true or false' });
  });

  it('keeps the actions to administrators and records them in the log', async () => {
    const refused = await act({ action: 'activate', slug: 'gift-cards' }, tokens.shop_manager);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toMatchObject({ reason: 'missing_capability', capability: 'install_plugins' });
    expect((await api<EntryBody[]>(server, 'GET', '/extensions?search=gift', { token: tokens.administrator })).body[0]?.status).toBe('inactive');

    const log = await api<LogsBody>(server, 'GET', '/logs?source=extensions&per_page=100', { token: tokens.administrator });
    expect(log.body.entries.map((item) => item.message).reverse()).toEqual([
      'Extension loyalty-points installed',
      'Extension loyalty-points activated',
      'Extension loyalty-points updated',
      'Extension loyalty-points deactivated',
      'Extension loyalty-points uninstalled',
      'Extension gift-cards installed',
      'Extension shelf-labels installed',
    ]);
    expect(log.body.entries[0]?.context).toEqual({
      action: 'install',
      slug: 'shelf-labels',
      version: '0.3',
      status: 'inactive',
      user_id: server.users.administrator.id,
    });
  });
});
