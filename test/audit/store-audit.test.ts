/** A store's fields are the shop's settings: creating, changing and staffing a store write audit entries naming who and what. */
import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

interface AuditEntry {
  message: string;
  context: Record<string, unknown> & { user_id: number; action: string; object_type: string; object_id: string };
}

const { server, tokens } = useServer({ roles: ['shop_manager'] });

const storeEntries = async (): Promise<AuditEntry[]> => {
  const response = await api<{ entries: AuditEntry[] }>(server, 'GET', '/logs?source=audit&per_page=100', { token: tokens.shop_manager });
  expect(response.status).toBe(200);
  return response.body.entries.filter((entry) => entry.context.action.startsWith('store.'));
};

describe('the audit trail of stores', () => {
  it('records a store created, the fields a PATCH changed, and the users set, by whom', async () => {
    const created = await api(server, 'POST', '/stores', { token: tokens.shop_manager, body: { name: 'Harbour kiosk' } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await api(server, 'PATCH', `/stores/${id}`, { token: tokens.shop_manager, body: { currency: 'EUR', tax_display_shop: 'incl' } })).status).toBe(200);
    // A PATCH that changes nothing writable writes nothing.
    expect((await api(server, 'PATCH', `/stores/${id}`, { token: tokens.shop_manager, body: {} })).status).toBe(200);
    expect((await api(server, 'PUT', `/stores/${id}/users`, { token: tokens.shop_manager, body: { user_ids: [server.users.cashier.id] } })).status).toBe(200);

    const entries = await storeEntries();
    expect(entries.map((entry) => entry.context.action)).toEqual(['store.users', 'store.update', 'store.create']);
    for (const entry of entries) expect(entry.context).toMatchObject({ user_id: server.users.shop_manager.id, object_type: 'store', object_id: String(id) });
    expect(entries[1]?.context.keys).toEqual(['currency', 'tax_display_shop']);
    expect(entries[1]?.message).toContain(`updated store ${id} (currency, tax_display_shop)`);
    expect(entries[0]?.context.user_ids).toEqual([server.users.cashier.id]);
  });
});
