import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/domain/errors.js';
import { escapeHtml, renderTemplate } from '../../server/domain/templates/render.js';

/** The logicless engine of receipt templates (server/domain/templates/render.ts). */

function renderError(template: string, view: unknown = {}): ApiError {
  try {
    renderTemplate(template, view);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`rendered without an error: ${template}`);
}

describe('values', () => {
  it('prints values by name and dotted path', () => {
    expect(renderTemplate('Hello {{name}}, {{store.address.city}}!', { name: 'Ada', store: { address: { city: 'London' } } })).toBe('Hello Ada, London!');
    expect(renderTemplate('{{ name }}|{{  store.name  }}', { name: 'a', store: { name: 'b' } })).toBe('a|b');
    expect(renderTemplate('{{lines.1.name}} {{lines.length}}', { lines: [{ name: 'x' }, { name: 'y' }] })).toBe('y 2');
  });

  it('escapes < > & " and \' in {{name}}, not in {{{name}}} or {{&name}}', () => {
    const view = { text: `<b>Bad & "Co"</b> it's` };
    expect(renderTemplate('{{text}}', view)).toBe('&lt;b&gt;Bad &amp; &quot;Co&quot;&lt;/b&gt; it&#39;s');
    expect(renderTemplate('{{{text}}}', view)).toBe(`<b>Bad & "Co"</b> it's`);
    expect(renderTemplate('{{& text}}', view)).toBe(`<b>Bad & "Co"</b> it's`);
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('prints numbers and booleans; missing values, null, objects and lists print nothing', () => {
    const view = { zero: 0, count: 12.5, yes: true, no: false, nothing: null, object: { a: 1 }, list: [1, 2], infinite: Number.POSITIVE_INFINITY };
    expect(
      renderTemplate('[{{zero}}|{{count}}|{{yes}}|{{no}}|{{nothing}}|{{object}}|{{list}}|{{missing}}|{{missing.deeper}}|{{count.deeper}}|{{infinite}}]', view),
    ).toBe('[0|12.5|true|false|||||||]');
  });

  it('leaves text without tags, and lone braces, as it is', () => {
    expect(renderTemplate('', {})).toBe('');
    expect(renderTemplate('no tags } { here }}', {})).toBe('no tags } { here }}');
    expect(renderTemplate('<style>a { color: red }</style>', {})).toBe('<style>a { color: red }</style>');
  });

  it('drops comments', () => {
    expect(renderTemplate('a{{! a comment with {braces} }}b{{!}}c', {})).toBe('abc');
  });
});

describe('sections', () => {
  const view = {
    store: { name: 'Shop' },
    lines: [
      { name: 'Coffee', qty: 2, meta: [{ key: 'Size', value: 'Large' }] },
      { name: 'Tea', qty: 1, meta: [] },
    ],
    tags: ['a', 'b', 'c'],
    empty: [],
    flag: true,
    off: false,
    text: 'yes',
    blank: '',
    zero: 0,
    customer: { name: 'Ada', store: { name: 'Own' } },
  };

  it('repeats over a list with each item as the context', () => {
    expect(renderTemplate('{{#lines}}[{{qty}} x {{name}}]{{/lines}}', view)).toBe('[2 x Coffee][1 x Tea]');
    expect(renderTemplate('{{#tags}}<{{.}}>{{/tags}}', view)).toBe('<a><b><c>');
    expect(renderTemplate('{{#empty}}never{{/empty}}', view)).toBe('');
  });

  it('nests lists, and names fall through to enclosing contexts', () => {
    expect(renderTemplate('{{#lines}}{{name}}:{{#meta}}{{key}}={{value}} in {{name}} at {{store.name}};{{/meta}}|{{/lines}}', view)).toBe(
      'Coffee:Size=Large in Coffee at Shop;|Tea:|',
    );
  });

  it('shows a truthy value once, with an object as the context', () => {
    expect(
      renderTemplate(
        '{{#flag}}on{{/flag}}{{#off}}off{{/off}}{{#text}}[{{.}}]{{/text}}{{#blank}}blank{{/blank}}{{#zero}}zero{{/zero}}{{#missing}}missing{{/missing}}',
        view,
      ),
    ).toBe('on[yes]');
    expect(renderTemplate('{{#customer}}{{name}} of {{store.name}}{{/customer}}', view)).toBe('Ada of Own');
    expect(renderTemplate('{{#store.name}}{{store.name}}{{/store.name}}', view)).toBe('Shop');
  });

  it('inverted sections show for falsy values and empty lists only', () => {
    expect(
      renderTemplate(
        '{{^empty}}E{{/empty}}{{^off}}O{{/off}}{{^missing}}M{{/missing}}{{^blank}}B{{/blank}}{{^zero}}Z{{/zero}}{{^flag}}F{{/flag}}{{^lines}}L{{/lines}}{{^text}}T{{/text}}',
        view,
      ),
    ).toBe('EOMBZ');
  });

  it('resolves dotted names against the first context that has their first segment, without falling through further', () => {
    // The spec's "context precedence": once `a` is found, `a.b.c` is read only inside it.
    expect(renderTemplate('{{#a}}[{{b.c}}]{{/a}}', { a: { b: {} }, b: { c: 'ERROR' } })).toBe('[]');
  });

  it('treats unknown section names as empty and keeps going', () => {
    expect(renderTemplate('a{{#nope.nothing}}x{{/nope.nothing}}b{{^nope}}c{{/nope}}', {})).toBe('abc');
  });
});

describe('prototype names never resolve', () => {
  it('prints nothing for __proto__, constructor, prototype and inherited properties', () => {
    const view = { lines: [{ name: 'x' }], text: 'abc' };
    expect(
      renderTemplate(
        '[{{__proto__}}|{{constructor}}|{{constructor.name}}|{{lines.constructor.name}}|{{text.length}}|{{toString}}|{{lines.map}}|{{hasOwnProperty}}]',
        view,
      ),
    ).toBe('[|||||||]');
    expect(
      renderTemplate(
        '{{#constructor}}x{{/constructor}}{{#__proto__}}y{{/__proto__}}{{#lines.__proto__}}z{{/lines.__proto__}}{{#toString}}w{{/toString}}',
        view,
      ),
    ).toBe('');
    expect(renderTemplate('{{^constructor}}none{{/constructor}}', view)).toBe('none');
  });

  it('ignores own __proto__ keys that JSON parsing creates, and functions in the data', () => {
    const parsed: unknown = JSON.parse('{"__proto__": {"polluted": "yes"}, "name": "ok"}');
    expect(renderTemplate('{{name}}{{__proto__.polluted}}{{polluted}}', parsed)).toBe('ok');
    expect(renderTemplate('{{run}}{{#run}}called{{/run}}', { run: () => 'ran' })).toBe('');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('malformed templates', () => {
  it('an unclosed section is 400 pos_template_invalid naming the section and its line', () => {
    const error = renderError('<div>\n{{#lines}}\n{{name}}\n</div>');
    expect([error.status, error.code]).toEqual([400, 'pos_template_invalid']);
    expect(error.message).toBe('The template cannot be rendered: the section {{#lines}} is never closed with {{/lines}} (line 2).');
    expect(error.data).toEqual({ line: 2 });
  });

  it('a closing tag that does not match, or closes nothing, is 400', () => {
    expect(renderError('{{#a}}\n{{^b}}\n{{/a}}').message).toBe(
      'The template cannot be rendered: {{/a}} does not close the open section {{^b}} of line 2 (line 3).',
    );
    expect(renderError('x\n\n{{/a}}').message).toBe('The template cannot be rendered: {{/a}} closes a section that was never opened (line 3).');
  });

  it('unclosed tags, empty and invalid names, partials and delimiter changes are 400', () => {
    expect(renderError('a {{name').message).toBe('The template cannot be rendered: a "{{" tag is never closed with "}}" (line 1).');
    expect(renderError('a {{{name}}').message).toBe('The template cannot be rendered: a "{{{" tag is never closed with "}}}" (line 1).');
    expect(renderError('{{}}').message).toBe('The template cannot be rendered: the tag {{}} has no name (line 1).');
    expect(renderError('{{#}}{{/}}').message).toBe('The template cannot be rendered: the tag {{#}} has no name (line 1).');
    expect(renderError('{{first name}}').message).toBe(
      'The template cannot be rendered: the tag {{first name}} does not hold a valid name (letters, digits, "_", "-" and dots) (line 1).',
    );
    expect(renderError('{{a..b}}').code).toBe('pos_template_invalid');
    expect(renderError('{{a.}}').code).toBe('pos_template_invalid');
    expect(renderError('{{> footer}}').message).toBe('The template cannot be rendered: {{> footer}}: partials are not supported (line 1).');
    expect(renderError('{{=<% %>=}}').message).toBe('The template cannot be rendered: {{=<% %>=}}: changing the delimiters is not supported (line 1).');
  });

  it('refuses nesting deeper than 32 sections, without exhausting the stack', () => {
    const deep = (depth: number) => `${'{{#a}}'.repeat(depth)}x${'{{/a}}'.repeat(depth)}`;
    expect(renderTemplate(deep(32), { a: true })).toBe('x');
    expect(renderError(deep(33)).message).toBe('The template cannot be rendered: sections nest more than 32 deep (line 1).');
    expect(renderError('{{#a}}'.repeat(100_000)).code).toBe('pos_template_invalid');
  });

  it('refuses output beyond 4 million characters (lists multiplied into each other)', () => {
    const list = Array.from({ length: 100 }, (_, index) => index);
    const error = renderError('{{#l}}{{#l}}{{#l}}{{#l}}xxxx{{/l}}{{/l}}{{/l}}{{/l}}', { l: list });
    expect([error.status, error.code]).toEqual([400, 'pos_template_invalid']);
    expect(error.message).toContain('exceed 4000000 characters');
  });
});
