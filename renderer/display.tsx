/**
 * The customer display's page (/app/display): a second window, turned to the customer, showing the
 * register's current sale as the till's window sends it (customer-display.ts). It makes no request
 * to the server and holds no session: it shows only what the till chose to send.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { CUSTOMER_DISPLAY_CHANNEL, type DisplayMessage, type DisplaySale } from './customer-display.js';
import { formatPrice } from './format.js';

function isZero(amount: string): boolean {
  return /^-?0*(\.0*)?$/.test(amount.trim());
}

function SaleView(props: { sale: DisplaySale }) {
  const { sale } = props;
  const money = (amount: string): string => formatPrice(amount, sale.format);
  if (sale.phase === 'closed' || sale.phase === 'waiting' || (sale.lines.length === 0 && sale.extras.length === 0 && sale.adding === null)) {
    return (
      <section id="display-welcome" class="display-welcome" aria-label="Welcome">
        <h1>{sale.shop === '' ? 'Welcome' : `Welcome to ${sale.shop}`}</h1>
        <p>{sale.phase === 'closed' ? 'This till is closed.' : 'Your items will appear here.'}</p>
      </section>
    );
  }
  return (
    <section id="display-sale" class="display-sale" aria-label="Your purchase">
      <ul id="display-lines" class="display-lines">
        {sale.lines.map((line) => (
          <li key={line.id} class="display-line" data-line={line.id}>
            <span class="display-quantity">{line.quantity} ×</span>
            <span class="display-name">{line.name}</span>
            <span class="display-amount">
              {line.subtotal !== line.total && <s class="was">{money(line.subtotal)}</s>} {money(line.total)}
            </span>
          </li>
        ))}
        {sale.adding !== null && (
          <li class="display-line display-adding">
            <span class="display-quantity">1 ×</span>
            <span class="display-name">{sale.adding}</span>
            <span class="display-amount">…</span>
          </li>
        )}
        {sale.extras.map((extra) => (
          <li key={extra.key} class="display-line display-extra">
            <span class="display-quantity" />
            <span class="display-name">{extra.name}</span>
            <span class="display-amount">{money(extra.amount)}</span>
          </li>
        ))}
      </ul>
      <dl class="display-totals">
        {!isZero(sale.discount) && (
          <div>
            <dt>You save</dt>
            <dd id="display-discount">{money(sale.discount)}</dd>
          </div>
        )}
        <div>
          <dt>Tax</dt>
          <dd id="display-tax">{money(sale.tax)}</dd>
        </div>
        <div class="display-grand">
          <dt>Total</dt>
          <dd id="display-total">{money(sale.total)}</dd>
        </div>
        {sale.paid !== null && sale.phase !== 'paid' && (
          <div>
            <dt>Paid so far</dt>
            <dd id="display-paid">{money(sale.paid)}</dd>
          </div>
        )}
        {sale.tendered !== null && (
          <div>
            <dt>Cash given</dt>
            <dd id="display-tendered">{money(sale.tendered)}</dd>
          </div>
        )}
        {sale.change !== null && (
          <div class="display-change">
            <dt>Your change</dt>
            <dd id="display-change">{money(sale.change)}</dd>
          </div>
        )}
      </dl>
      {sale.phase === 'paid' && <p class="display-thanks">Thank you!</p>}
    </section>
  );
}

function CustomerDisplay(props: { channel: BroadcastChannel }) {
  const [sale, setSale] = useState<DisplaySale | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent<DisplayMessage>): void => {
      if (event.data.kind === 'sale') setSale(event.data.sale);
    };
    props.channel.addEventListener('message', onMessage);
    // A display opened during a sale asks the till for it rather than waiting for the next change.
    props.channel.postMessage({ kind: 'hello' } satisfies DisplayMessage);
    return () => {
      props.channel.removeEventListener('message', onMessage);
    };
  }, [props.channel]);
  return (
    <main id="customer-display" class="customer-display" aria-live="polite" aria-busy={sale === null ? 'true' : 'false'}>
      {sale === null ? (
        <section id="display-welcome" class="display-welcome" aria-label="Welcome">
          <h1>Welcome</h1>
        </section>
      ) : (
        <SaleView sale={sale} />
      )}
    </main>
  );
}

const root = document.getElementById('display');
if (root === null) throw new Error('display.html has no #display');
render(<CustomerDisplay channel={new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL)} />, root);
