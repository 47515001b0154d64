/** Registers (`/registers`) and their cash sessions: open, cash in and out, the X report, the blind close. */
import type { ClosureReport, DrawerKick, ReadableReport, Register } from '../../shared/resources/registers.js';
import type { ApiClient } from '../api-client.js';
import type { ApprovalHeaders } from './orders.js';

export function list(client: ApiClient, query: { per_page: number; store_id?: number | undefined }): Promise<Register[]> {
  return client.get<Register[]>('/registers', query);
}

export function create(client: ApiClient, body: { name: string; store_id?: number }): Promise<Register> {
  return client.request<Register>('POST', '/registers', body);
}

/** What a manager may change of a register: its name, status, and the drawer's printer and pin. */
export type RegisterPatch = Partial<Pick<Register, 'name' | 'status' | 'drawer_printer' | 'drawer_pin'>>;

export function update(client: ApiClient, id: number, patch: RegisterPatch): Promise<Register> {
  return client.request<Register>('PATCH', `/registers/${id}`, patch);
}

/** Opens the drawer with its float; the answer is the new session's X report. */
export function open(client: ApiClient, id: number, body: { opening_float: string; note: string }): Promise<ReadableReport> {
  return client.request<ReadableReport>('POST', `/registers/${id}/open`, body);
}

/** Cash put in or taken out; the till reads nothing of the answer but that it succeeded. */
export function cash(
  client: ApiClient,
  id: number,
  body: { type: 'in' | 'out'; amount: string; reason: string },
  headers: ApprovalHeaders = {},
): Promise<unknown> {
  return client.request('POST', `/registers/${id}/cash`, body, { headers });
}

/** The open session's X report (blind for a cashier). */
export function session(client: ApiClient, id: number): Promise<ReadableReport> {
  return client.get<ReadableReport>(`/registers/${id}/session`);
}

/** The blind close: the counted cash goes in, the Z report comes back. */
export function close(client: ApiClient, id: number, body: { counted_cash: string; note: string }): Promise<ClosureReport> {
  return client.request<ClosureReport>('POST', `/registers/${id}/close`, body);
}

/** A no-sale: the drawer opened without a sale, recorded in the audit trail (may need a manager's approval); the answer says whether it opened. */
export function noSale(client: ApiClient, id: number, body: { reason: string }, headers: ApprovalHeaders = {}): Promise<{ drawer: DrawerKick }> {
  return client.request<{ drawer: DrawerKick }>('POST', `/registers/${id}/no-sale`, body, { headers });
}

/** A manager's test: opens the drawer through the register's saved drawer printer. */
export function testDrawer(client: ApiClient, id: number): Promise<DrawerKick> {
  return client.request<DrawerKick>('POST', `/registers/${id}/drawer-test`);
}
