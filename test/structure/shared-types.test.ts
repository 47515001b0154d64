/**
 * The answers the till reads are typed once, in shared/resources, and the server's shape functions
 * return those types. So a field renamed in `shapeOrder` alone fails the server's typecheck, and
 * the same rename carried into the order's shared type (what makes the server compile again)
 * fails the renderer's wherever the till reads the field. Each route's answer is declared once, in
 * shared/route-answers.ts: the server's handlers are held to it and the renderer's endpoint modules
 * read their answers' types from it. The checks run the TypeScript compiler on the project's own
 * tsconfig files, with one file's text replaced in memory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_POLICIES } from '../../server/domain/access/policy.js';

const ROOT = process.cwd();
const SHAPE = resolve(ROOT, 'server/domain/orders/shape.ts');
const ORDER_TYPE = resolve(ROOT, 'shared/resources/orders.ts');

interface Checked {
  /** `file: message` of every error, paths relative to the project. */
  errors: string[];
}

function parsedConfig(configFile: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    resolve(ROOT, configFile),
    { noEmit: true, incremental: false },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (parsed === undefined) throw new Error(`${configFile} could not be read`);
  return parsed;
}

/** Type-checks `rootNames` (all of the config's files when left out), with `replaced` files read from memory. */
function typecheck(configFile: string, replaced: ReadonlyMap<string, string>, rootNames?: string[]): Checked {
  const config = parsedConfig(configFile);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => replaced.get(resolve(fileName)) ?? readFile(fileName);
  const program = ts.createProgram({ rootNames: rootNames ?? config.fileNames, options: config.options, host });
  const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const file = diagnostic.file === undefined ? '' : diagnostic.file.fileName.slice(ROOT.length + 1);
    return `${file}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
  return { errors };
}

function replaceOnce(text: string, from: string, to: string, after = ''): string {
  const start = text.indexOf(after);
  const at = text.indexOf(from, start);
  if (start < 0 || at < 0) throw new Error(`"${from}" is not in the file: the probe needs updating`);
  return `${text.slice(0, at)}${to}${text.slice(at + from.length)}`;
}

const shapeText = ts.sys.readFile(SHAPE) ?? '';
const orderTypeText = ts.sys.readFile(ORDER_TYPE) ?? '';
/** `total` → `grand_total` in the order's shape and in the shared type it returns. */
const renamedShape = replaceOnce(shapeText, '    total: money(order.total),', '    grand_total: money(order.total),');
const renamedType = replaceOnce(orderTypeText, '  total: string;', '  grand_total: string;', 'export type Order = {');

describe('a field renamed in the order shape', () => {
  it('fails the server typecheck when the shared type is left as it was', () => {
    expect(typecheck('tsconfig.json', new Map(), [SHAPE]).errors).toEqual([]);
    const { errors } = typecheck('tsconfig.json', new Map([[SHAPE, renamedShape]]), [SHAPE]);
    expect(errors.some((error) => error.startsWith('server/domain/orders/shape.ts:') && error.includes('grand_total'))).toBe(true);
  }, 60_000);

  it('passes the server and fails the renderer once the shared type is renamed with it', () => {
    const renamed = new Map([
      [SHAPE, renamedShape],
      [ORDER_TYPE, renamedType],
    ]);
    expect(typecheck('tsconfig.json', renamed, [SHAPE]).errors).toEqual([]);
    const { errors } = typecheck('renderer/tsconfig.json', renamed);
    // The cart, the payment, the history and the refund read an order's total; nothing else fails
    // (`npm run typecheck` holds the renderer free of errors without the rename).
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((error) => !(error.startsWith('renderer/') && error.includes("'total'")))).toEqual([]);
  }, 60_000);
});

const SYNC_TYPES = resolve(ROOT, 'shared/resources/sync.ts');
const ROUTE_ANSWERS = resolve(ROOT, 'shared/route-answers.ts');
const SYNC_CONNECTION_ROUTER = resolve(ROOT, 'server/http/routers/sync-connection.ts');
const RENDERER_API = resolve(ROOT, 'renderer/api');

/** The names of the properties of the interfaces `names` of `file`: the routes of the shared maps. */
function interfaceKeys(file: string, names: readonly string[]): string[] {
  const config = parsedConfig('tsconfig.json');
  const program = ts.createProgram({ rootNames: [file], options: config.options });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`${file} is not in the program`);
  return source.statements
    .filter((statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && names.includes(statement.name.text))
    .flatMap((declaration) => checker.getPropertiesOfType(checker.getTypeAtLocation(declaration)).map((property) => property.name));
}

describe('an answer declared in the shared map of route answers', () => {
  it('fails the server typecheck where the handler sends something else (the key’s ending, not the key)', () => {
    const drifted = replaceOnce(
      ts.sys.readFile(SYNC_TYPES) ?? '',
      '  consumer_key_ending: string;',
      '  consumer_key: string;',
      'export interface SyncConnectionView {',
    );
    const { errors } = typecheck('tsconfig.json', new Map([[SYNC_TYPES, drifted]]), [SYNC_CONNECTION_ROUTER]);
    // PUT /sync/connection and POST /sync/resume both send the connection as the server shows it
    // (`npm run typecheck` holds the router free of errors without the change).
    expect(errors).toHaveLength(2);
    expect(errors.filter((error) => error.startsWith('server/http/routers/sync-connection.ts:') && error.includes("type 'SyncConnection"))).toHaveLength(2);
  }, 120_000);

  it('types what the renderer reads of the answer: an entry changed in the map fails where the till reads it', () => {
    const changed = replaceOnce(
      ts.sys.readFile(ROUTE_ANSWERS) ?? '',
      "'PUT /sync/connection': SyncConnectionAnswer;",
      "'PUT /sync/connection': SyncConnectionView;",
    );
    const { errors } = typecheck('renderer/tsconfig.json', new Map([[ROUTE_ANSWERS, changed]]));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((error) => !(error.startsWith('renderer/ui/manage/SyncScreen.tsx:') && error.includes("'warnings'")))).toEqual([]);
  }, 60_000);

  it('names only routes of the access policy', () => {
    const policy = new Set(ENDPOINT_POLICIES.map((route) => `${route.method} ${route.path}`));
    const routes = interfaceKeys(ROUTE_ANSWERS, ['RouteAnswers', 'RouteDocuments']);
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((route) => !policy.has(route))).toEqual([]);
  }, 60_000);

  it('is the only typing of an answer in the renderer’s endpoint modules: they call routes by name, never a path with a type', () => {
    const typedByHand = readdirSync(RENDERER_API)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) => {
        const text = readFileSync(resolve(RENDERER_API, name), 'utf8');
        const calls = [...text.matchAll(/client\.(get|request)\b|\.call</g)].map((match) => `${name}: ${match[0]}`);
        // A type named for an answer is the map's (`AnswerOf<...>`), never one written here.
        const declared = [
          ...text.matchAll(/^export (?:interface (\w*(?:Answer|Result|Response|View))\b|type (\w*(?:Answer|Result|Response|View)) = (?!AnswerOf<))/gm),
        ].map((match) => `${name}: ${match[1] ?? match[2]}`);
        return [...calls, ...declared];
      });
    expect(typedByHand).toEqual([]);
  });
});
