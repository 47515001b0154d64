/**
 * Shows a receipt rendered by the server (`GET /receipts/{id}?format=html`, the active template)
 * inside the page. The page's CSP forbids inline styles, which receipt templates use throughout,
 * so the markup is parsed inertly, scripts and event handlers are dropped, and the styles are
 * applied through the CSSOM (a constructed style sheet and `style.cssText`), which CSP allows.
 * A shadow root keeps the template's styles from leaking into the till's screens.
 */
const DROPPED_ELEMENTS = 'script, iframe, object, embed, link, meta, base, form';

/** Chromium checks even an inert parse against the page's CSP, so styles are taken out of the markup before parsing. */
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const STYLE_ATTRIBUTE = /(<[^>]*?\s)style=(["'])/gi;

export function showReceipt(host: HTMLElement, html: string): void {
  const blocks: string[] = [];
  const markup = html
    .replace(STYLE_ELEMENT, (_element, css: string) => {
      blocks.push(css);
      return '';
    })
    .replace(STYLE_ATTRIBUTE, '$1data-receipt-style=$2');
  const parsed = new DOMParser().parseFromString(markup, 'text/html');
  const sheet = new CSSStyleSheet();
  // Page-level rules (@page, the body's margin) are for printing the receipt alone; inside the till the host frames it.
  const css = blocks.join('\n');
  sheet.replaceSync(`:host { display: block; } .receipt-body { background: #fff; color: #000; } ${css.replace(/@page\s*{[^}]*}/g, '')}`);
  for (const element of parsed.querySelectorAll(DROPPED_ELEMENTS)) element.remove();
  const styled: Array<[Element, string]> = [];
  for (const element of parsed.body.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      if (attribute.name.startsWith('on')) element.removeAttribute(attribute.name);
    }
    const style = element.getAttribute('data-receipt-style');
    if (style !== null) {
      styled.push([element, style]);
      element.removeAttribute('data-receipt-style');
    }
  }
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [sheet];
  const body = document.createElement('div');
  body.className = 'receipt-body';
  body.append(...[...parsed.body.childNodes].map((node) => document.importNode(node, true)));
  root.replaceChildren(body);
  // importNode copied the elements in document order, so the n-th styled element is found again by walking both trees.
  const originals = [...parsed.body.querySelectorAll('*')];
  const copies = [...body.querySelectorAll('*')];
  for (const [element, style] of styled) {
    const copy = copies[originals.indexOf(element)];
    if (copy instanceof HTMLElement) copy.style.cssText = style;
  }
}
