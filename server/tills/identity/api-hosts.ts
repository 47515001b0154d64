import { hostname, networkInterfaces } from 'node:os';

/**
 * The names and addresses a tablet's browser may reach the API listener by, for its certificate:
 * the machine's name (and its mDNS `.local` form), every address of its interfaces, the --host it
 * binds (unless a wildcard) and the --allowed-host names.
 */
export function apiCertificateHosts(host: string, allowedHosts: readonly string[]): string[] {
  const machine = hostname().toLowerCase();
  const addresses = Object.values(networkInterfaces())
    .flat()
    .flatMap((entry) => (entry === undefined ? [] : [entry.address]));
  const bound = host === '0.0.0.0' || host === '::' ? [] : [host.replace(/^\[|\]$/g, '')];
  const names = [
    machine,
    machine.endsWith('.local') ? machine : `${machine}.local`,
    'localhost',
    ...addresses,
    ...bound,
    ...allowedHosts.map((name) => name.replace(/^\[|\]$/g, '')),
  ];
  return [...new Set(names.filter((name) => /^[A-Za-z0-9.:-]+$/.test(name)))];
}
