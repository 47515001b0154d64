import {
  ConfigError,
  defaultServeOptions,
  LOG_LEVELS,
  parseChoice,
  parseDuration,
  parseHostName,
  parseHostPort,
  parseOrigin,
  parsePort,
  SECRET_STORE_CHOICES,
  type ServeOptions,
} from '../config.js';
import { startServer, type RunningServer } from '../start.js';
import { dataDirOf, parse, type CliIo } from './args.js';

function serveOptions(args: string[], env: NodeJS.ProcessEnv): ServeOptions {
  const { values } = parse(
    'serve',
    args,
    {
      host: { type: 'string' },
      port: { type: 'string' },
      'access-ttl': { type: 'string' },
      'refresh-ttl': { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      'allowed-host': { type: 'string', multiple: true },
      'secret-store': { type: 'string' },
      demo: { type: 'boolean' },
      'no-demo': { type: 'boolean' },
      'log-level': { type: 'string' },
      'refresh-rotation': { type: 'string' },
      'lan-port': { type: 'string' },
      'lan-host': { type: 'string' },
      'lan-advertise': { type: 'string' },
    },
    0,
  );
  if (values.demo && values['no-demo']) throw new ConfigError('--demo and --no-demo contradict each other');
  if (values['lan-port'] === undefined && (values['lan-host'] !== undefined || values['lan-advertise'] !== undefined)) {
    throw new ConfigError('--lan-host and --lan-advertise go with --lan-port (the tills’ listener)');
  }
  const defaults = defaultServeOptions(env);
  return {
    dataDir: dataDirOf(values, env),
    host: values.host ?? defaults.host,
    port: values.port === undefined ? defaults.port : parsePort(values.port),
    accessTtlSeconds: values['access-ttl'] === undefined ? defaults.accessTtlSeconds : parseDuration(values['access-ttl'], '--access-ttl'),
    refreshTtlSeconds: values['refresh-ttl'] === undefined ? defaults.refreshTtlSeconds : parseDuration(values['refresh-ttl'], '--refresh-ttl'),
    allowedOrigins: [...defaults.allowedOrigins, ...(values['allowed-origin'] ?? []).map(parseOrigin)],
    allowedHosts: [...defaults.allowedHosts, ...(values['allowed-host'] ?? []).map(parseHostName)],
    secretStore: values['secret-store'] === undefined ? defaults.secretStore : parseChoice(values['secret-store'], SECRET_STORE_CHOICES, '--secret-store'),
    demo: values.demo ? true : values['no-demo'] ? false : defaults.demo,
    logLevel: values['log-level'] === undefined ? defaults.logLevel : parseChoice(values['log-level'], LOG_LEVELS, '--log-level'),
    refreshRotation:
      values['refresh-rotation'] === undefined
        ? defaults.refreshRotation
        : parseChoice(values['refresh-rotation'], ['on', 'off'], '--refresh-rotation') === 'on',
    lanPort: values['lan-port'] === undefined ? undefined : parsePort(values['lan-port'], '--lan-port'),
    lanHost: values['lan-host'] ?? '0.0.0.0',
    lanAdvertise: values['lan-advertise'] === undefined ? undefined : parseHostPort(values['lan-advertise'], '--lan-advertise'),
  };
}

/**
 * What the person who started the server needs next. The first line stays as scripts read it; the
 * API base in a browser is a JSON route index, so the till app's address comes on a line of its own.
 */
function readyLines(apiUrl: string, origin: string, dataDir: string, lan: RunningServer['tills']): string {
  const advertised = lan === undefined || lan.advertised === lan.listening ? '' : `; peers reach it at ${lan.advertised}`;
  const tills = lan === undefined ? '' : `  The tills:      ${lan.listening} (mutual TLS, paired tills only${advertised})\n`;
  return `Tillbase listening on ${apiUrl}\n  The till app:   ${origin}/ (open it in a browser)\n  The data:       ${dataDir}\n${tills}`;
}

/** How long a closed server's process may wait for handles others left open before it exits anyway. */
const STOPPED_EXIT_MS = 3000;

/** `tillbase serve`: runs until SIGINT or SIGTERM, then closes the server and the database. */
export async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const options = serveOptions(args, io.env);
  // The handlers go in before anything starts: a supervisor may stop the server the instant it
  // reports ready (or while it starts), and Ctrl-C or SIGTERM must always close it cleanly.
  let requestStop = (): void => undefined;
  const stopRequested = new Promise<void>((resolve) => {
    requestStop = resolve;
  });
  process.once('SIGINT', requestStop);
  process.once('SIGTERM', requestStop);
  try {
    const server = await startServer(options, (line) => io.stdout.write(`${line}\n`));
    io.stdout.write(readyLines(server.apiUrl, server.origin, options.dataDir, server.tills));
    await stopRequested;
    await server.close();
    // Everything of the server is closed. A handle a library left behind (a socket of a peer's
    // request still in flight) must not keep a stopped till's process running: it ends anyway, after
    // saying what was left, unless the process has ended on its own by then (the timer does not hold it).
    setTimeout(() => {
      io.stderr.write(`tillbase: stopped; still open after the close: ${process.getActiveResourcesInfo().join(', ')}; exiting\n`);
      process.exit(process.exitCode ?? 0);
    }, STOPPED_EXIT_MS).unref();
    return 0;
  } finally {
    process.off('SIGINT', requestStop);
    process.off('SIGTERM', requestStop);
  }
}
