import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { api, login } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/** CONTRACT 3: roles live in the database; `tillbase roles revoke|grant` changes access without a restart. */
const { server } = useServer({ roles: [] });

describe('roles revoke and grant', () => {
  it('a revoked capability gives 403 naming it; granting it back restores access', async () => {
    const { access_token } = await login(server, 'cashier');
    expect((await api(server, 'GET', '/customers', { token: access_token })).status).toBe(200);

    const revoked = await runCli(['roles', 'revoke', 'cashier', 'list_customers', '--data-dir', server.dataDir]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('list_customers revoked from cashier');
    const refused = await api(server, 'GET', '/customers', { token: access_token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'pos_rest_forbidden',
      data: { capability: 'list_customers', current_user: server.users.cashier.id, reason: 'missing_capability' },
    });
    // Other capabilities of the role are untouched, and a token issued afterwards is refused as well.
    expect((await api(server, 'GET', '/products', { token: access_token })).status).toBe(200);
    const fresh = await login(server, 'cashier');
    expect(fresh.user.capabilities).not.toContain('list_customers');
    expect((await api(server, 'GET', '/customers', { token: fresh.access_token })).status).toBe(403);

    const granted = await runCli(['roles', 'grant', 'cashier', 'list_customers', '--data-dir', server.dataDir]);
    expect(granted.code, granted.stderr).toBe(0);
    expect((await api(server, 'GET', '/customers', { token: access_token })).status).toBe(200);
  });

  it('a capability can be given to a role that lacked it', async () => {
    const { access_token } = await login(server, 'shop_manager');
    expect((await api(server, 'POST', '/extensions/action', { token: access_token, body: {} })).status).toBe(403);
    expect((await runCli(['roles', 'grant', 'shop_manager', 'install_plugins', '--data-dir', server.dataDir])).code).toBe(0);
    const allowed = await api(server, 'POST', '/extensions/action', { token: access_token, body: {} });
    expect(allowed.status).toBe(400);
    expect((await runCli(['roles', 'revoke', 'shop_manager', 'install_plugins', '--data-dir', server.dataDir])).code).toBe(0);
  });

  it('refuses unknown roles and capabilities with a one-line message', async () => {
    const badRole = await runCli(['roles', 'grant', 'wizard', 'access_pos', '--data-dir', server.dataDir]);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr.trim().split('\n')).toHaveLength(1);
    expect(badRole.stderr).toContain('role "wizard" does not exist');
    const badCapability = await runCli(['roles', 'grant', 'cashier', 'fly', '--data-dir', server.dataDir]);
    expect(badCapability.code).toBe(1);
    expect(badCapability.stderr).toContain('"fly" is not a capability');
    const list = await runCli(['roles', 'list', '--data-dir', server.dataDir]);
    expect(list.stdout).toMatch(
      /^cashier: access_pos create_customers create_orders edit_customers edit_orders handle_cash list_customers read_coupons read_orders read_products refund_orders$/m,
    );
  });
});
