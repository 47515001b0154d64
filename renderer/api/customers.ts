/** Customers (`/customers`): the cart's customer search and a new customer from the till. */
import type { ApiClient } from '../api-client.js';

export function search(client: ApiClient, term: string) {
  return client.call('GET /customers', { query: { search: term, per_page: 10 } });
}

export function create(client: ApiClient, draft: { first_name: string; last_name: string; email: string }) {
  return client.call('POST /customers', {
    body: { ...draft, billing: { first_name: draft.first_name, last_name: draft.last_name, email: draft.email } },
  });
}
