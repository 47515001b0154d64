/** Registers (`/registers`) and their cash sessions: open, cash in and out, the X report, the blind close. */
import type { Register } from '../../shared/resources/registers.js';
import type { ApiClient } from '../api-client.js';
import type { ApprovalHeaders } from './orders.js';

export function list(client: ApiClient, query: { per_page: number; store_id?: number | undefined }) {
  return client.call('GET /registers', { query });
}

export function create(client: ApiClient, body: { name: string; store_id?: number }) {
  return client.call('POST /registers', { body });
}

/** What a manager may change of a register: its name, status, and the drawer's printer and pin. */
export type RegisterPatch = Partial<Pick<Register, 'name' | 'status' | 'drawer_printer' | 'drawer_pin'>>;

export function update(client: ApiClient, id: number, patch: RegisterPatch) {
  return client.call('PATCH /registers/{id}', { params: { id }, body: patch });
}

/** Opens the drawer with its float; the answer is the new session's X report. */
export function open(client: ApiClient, id: number, body: { opening_float: string; note: string }) {
  return client.call('POST /registers/{id}/open', { params: { id }, body });
}

/** Cash put in or taken out; the till reads nothing of the answer but that it succeeded. */
export function cash(client: ApiClient, id: number, body: { type: 'in' | 'out'; amount: string; reason: string }, headers: ApprovalHeaders = {}) {
  return client.call('POST /registers/{id}/cash', { params: { id }, body, headers });
}

/** The open session's X report (blind for a cashier). */
export function session(client: ApiClient, id: number) {
  return client.call('GET /registers/{id}/session', { params: { id } });
}

/** The blind close: the counted cash goes in, the Z report comes back. */
export function close(client: ApiClient, id: number, body: { counted_cash: string; note: string }) {
  return client.call('POST /registers/{id}/close', { params: { id }, body });
}

/** A no-sale: the drawer opened without a sale, recorded in the audit trail (may need a manager's approval); the answer says whether it opened. */
export function noSale(client: ApiClient, id: number, body: { reason: string }, headers: ApprovalHeaders = {}) {
  return client.call('POST /registers/{id}/no-sale', { params: { id }, body, headers });
}

/** A manager's test: opens the drawer through the register's saved drawer printer. */
export function testDrawer(client: ApiClient, id: number) {
  return client.call('POST /registers/{id}/drawer-test', { params: { id } });
}
