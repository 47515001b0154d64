/** Customers (`/customers`): the cart's customer search and a new customer from the till. */
import type { Customer } from '../../shared/resources/customers.js';
import type { ApiClient } from '../api-client.js';

export function search(client: ApiClient, term: string): Promise<Customer[]> {
  return client.get<Customer[]>('/customers', { search: term, per_page: 10 });
}

export function create(client: ApiClient, draft: { first_name: string; last_name: string; email: string }): Promise<Customer> {
  return client.request<Customer>('POST', '/customers', {
    ...draft,
    billing: { first_name: draft.first_name, last_name: draft.last_name, email: draft.email },
  });
}
