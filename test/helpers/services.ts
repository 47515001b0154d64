import { createServices, type Services } from '../../server/composition.js';
import type { Database } from '../../server/data/database.js';

const built = new WeakMap<Database, Services>();

/** Every repository and service over `db`, wired by the composition root as the server wires its own; built once per connection. */
export function servicesOf(db: Database): Services {
  let services = built.get(db);
  if (services === undefined) {
    services = createServices(db);
    built.set(db, services);
  }
  return services;
}
