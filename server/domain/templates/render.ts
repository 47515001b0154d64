import { badRequest } from '../errors.js';

/**
 * The logicless template engine of receipt templates, a safe subset of Mustache:
 *
 * - `{{name}}` prints a value HTML-escaped, `{{{name}}}` (or `{{&name}}`) prints it as it is;
 * - `{{#name}}...{{/name}}` repeats for each item of a list (the item becomes the context) or shows
 *   once for any other truthy value; `{{^name}}...{{/name}}` shows when the value is falsy or an empty list;
 * - `{{! comment }}` prints nothing; `{{.}}` is the current context (an item of a list of strings);
 * - names are dotted paths (`store.address.city`, `payments.0`); the first segment is looked up in the
 *   current context, then in each enclosing one; the next segments only inside what the first found;
 * - text around tags is kept as written (Mustache's removal of "standalone" tag lines is left out:
 *   HTML does not see the difference).
 *
 * Templates are edited by store managers and stored in the database, so nothing in them runs: there
 * are no lambdas, no partials, no delimiter changes, and only the data's own properties resolve
 * (`__proto__`, `constructor` and inherited properties print nothing). A name that is not in the
 * data prints nothing; a template that cannot be parsed is a `400 pos_template_invalid` naming the
 * line of the fault.
 */

type Path = readonly string[];

export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'value'; path: Path; escape: boolean }
  | { kind: 'section'; path: Path; inverted: boolean; children: TemplateNode[] };

/** Sections nest at most this deep: enough for any receipt, and it bounds the renderer's recursion. */
const MAX_DEPTH = 32;
/** Output beyond this is a template that multiplies lists into each other, not a receipt. */
const MAX_OUTPUT_CHARS = 4_000_000;

/** `.` or dot-separated segments of letters, digits, `_` and `-`. */
const NAME = /^(?:\.|[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)$/;
const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let index = source.indexOf('\n'); index !== -1 && index < offset; index = source.indexOf('\n', index + 1)) line += 1;
  return line;
}

function invalid(source: string, offset: number, message: string) {
  const line = lineOf(source, offset);
  return badRequest('pos_template_invalid', `The template cannot be rendered: ${message} (line ${line}).`, { line });
}

function pathOf(source: string, offset: number, tag: string, name: string): Path {
  if (name === '') throw invalid(source, offset, `the tag ${tag} has no name`);
  if (!NAME.test(name)) throw invalid(source, offset, `the tag ${tag} does not hold a valid name (letters, digits, "_", "-" and dots)`);
  return name === '.' ? [] : name.split('.');
}

interface OpenSection {
  name: string;
  offset: number;
  node: Extract<TemplateNode, { kind: 'section' }>;
}

/** Parses a template into a tree, iteratively so that deep nesting cannot exhaust the stack. */
export function parseTemplate(source: string): TemplateNode[] {
  const root: TemplateNode[] = [];
  const open: OpenSection[] = [];
  const current = (): TemplateNode[] => open.at(-1)?.node.children ?? root;
  let index = 0;
  while (index < source.length) {
    const start = source.indexOf('{{', index);
    if (start === -1) {
      current().push({ kind: 'text', text: source.slice(index) });
      break;
    }
    if (start > index) current().push({ kind: 'text', text: source.slice(index, start) });

    if (source.startsWith('{{{', start)) {
      const end = source.indexOf('}}}', start + 3);
      if (end === -1) throw invalid(source, start, 'a "{{{" tag is never closed with "}}}"');
      const name = source.slice(start + 3, end).trim();
      current().push({ kind: 'value', path: pathOf(source, start, source.slice(start, end + 3), name), escape: false });
      index = end + 3;
      continue;
    }

    const end = source.indexOf('}}', start + 2);
    if (end === -1) throw invalid(source, start, 'a "{{" tag is never closed with "}}"');
    const tag = source.slice(start, end + 2);
    const inner = source.slice(start + 2, end).trim();
    index = end + 2;
    const sigil = inner.charAt(0);
    const name = inner.slice(1).trim();
    switch (sigil) {
      case '!':
        break;
      case '#':
      case '^': {
        if (open.length >= MAX_DEPTH) throw invalid(source, start, `sections nest more than ${MAX_DEPTH} deep`);
        const node: OpenSection['node'] = { kind: 'section', path: pathOf(source, start, tag, name), inverted: sigil === '^', children: [] };
        current().push(node);
        open.push({ name, offset: start, node });
        break;
      }
      case '/': {
        const section = open.pop();
        if (!section) throw invalid(source, start, `${tag} closes a section that was never opened`);
        if (section.name !== name) {
          throw invalid(
            source,
            start,
            `${tag} does not close the open section {{${section.node.inverted ? '^' : '#'}${section.name}}} of line ${lineOf(source, section.offset)}`,
          );
        }
        break;
      }
      case '>':
        throw invalid(source, start, `${tag}: partials are not supported`);
      case '=':
        throw invalid(source, start, `${tag}: changing the delimiters is not supported`);
      case '&':
        current().push({ kind: 'value', path: pathOf(source, start, tag, name), escape: false });
        break;
      default:
        current().push({ kind: 'value', path: pathOf(source, start, tag, inner), escape: true });
    }
  }
  const unclosed = open.at(-1);
  if (unclosed)
    throw invalid(source, unclosed.offset, `the section {{${unclosed.node.inverted ? '^' : '#'}${unclosed.name}}} is never closed with {{/${unclosed.name}}}`);
  return root;
}

const MISSING = Symbol('missing');

/** An own, non-function property of an object or array; anything else is missing. */
function property(value: unknown, key: string): unknown {
  if (FORBIDDEN_SEGMENTS.has(key) || typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return MISSING;
  const found: unknown = (value as Record<string, unknown>)[key];
  return typeof found === 'function' ? MISSING : found;
}

function lookup(stack: readonly unknown[], path: Path): unknown {
  const [first, ...rest] = path;
  if (first === undefined) return stack.at(-1);
  for (let depth = stack.length - 1; depth >= 0; depth -= 1) {
    const found = property(stack[depth], first);
    if (found === MISSING) continue;
    let value = found;
    for (const key of rest) {
      value = property(value, key);
      if (value === MISSING) return undefined;
    }
    return value;
  }
  return undefined;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Strings, numbers and booleans print; objects, lists and missing values print nothing. */
function printable(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? String(value) : '';
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      return '';
  }
}

function isShown(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

class Output {
  private readonly parts: string[] = [];
  private length = 0;

  add(text: string): void {
    this.length += text.length;
    if (this.length > MAX_OUTPUT_CHARS) {
      throw badRequest(
        'pos_template_invalid',
        `The template cannot be rendered: its output would exceed ${MAX_OUTPUT_CHARS} characters (are lists repeated inside each other?).`,
      );
    }
    this.parts.push(text);
  }

  text(): string {
    return this.parts.join('');
  }
}

function renderNodes(nodes: readonly TemplateNode[], stack: unknown[], output: Output): void {
  for (const node of nodes) {
    if (node.kind === 'text') {
      output.add(node.text);
    } else if (node.kind === 'value') {
      const text = printable(lookup(stack, node.path));
      output.add(node.escape ? escapeHtml(text) : text);
    } else {
      const value = lookup(stack, node.path);
      if (node.inverted) {
        if (!isShown(value)) renderNodes(node.children, stack, output);
      } else if (Array.isArray(value)) {
        for (const item of value as unknown[]) renderNodes(node.children, [...stack, item], output);
      } else if (isShown(value)) {
        renderNodes(node.children, [...stack, value], output);
      }
    }
  }
}

/** Renders a template over a view (plain JSON-like data). */
export function renderTemplate(source: string, view: unknown): string {
  const output = new Output();
  renderNodes(parseTemplate(source), [view], output);
  return output.text();
}
