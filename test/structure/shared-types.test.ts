/**
 * The answers the till reads are typed once, in shared/resources, and the server's shape functions
 * return those types. So a field renamed in `shapeOrder` alone fails the server's typecheck, and
 * the same rename carried into the order's shared type (what makes the server compile again)
 * fails the renderer's wherever the till reads the field. Both checks run the TypeScript compiler
 * on the project's own tsconfig files, with one file's text replaced in memory.
 */
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

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
