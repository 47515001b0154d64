/**
 * The shop's X report of a day (`GET /reports/shop`): one row per till of the shop, this till first,
 * and the shop's sums under them, with how fresh each other till's figures are here.
 */
import { useEffect, useState } from 'preact/hooks';
import { readableGmt } from '../../../shared/readable-date.js';
import * as reportsApi from '../../api/reports.js';
import type { ShopDayFigures, ShopReport } from '../../api/reports.js';
import { formatPrice, type PriceFormat } from '../../format.js';
import { useTill, useTillState } from '../context.js';
import { errorFor, showRefusal, type FieldErrors } from './api.js';
import { TableHead } from '../kit/TableHead.js';
import { TextField } from '../kit/TextField.js';

const COLUMNS = [
  'Till',
  { label: 'Sales', numeric: true },
  { label: 'Sales amount', numeric: true },
  { label: 'Refunds', numeric: true },
  { label: 'Refunded', numeric: true },
  { label: 'Net', numeric: true },
  'By tender',
  'Latest entry held',
];

/** The figures' cells of a row, the till's or the shop's. */
function FigureCells(props: { figures: ShopDayFigures; store: PriceFormat | null }) {
  const { figures, store } = props;
  const money = (amount: string) => formatPrice(amount, store);
  return (
    <>
      <td class="numeric">{figures.sales}</td>
      <td class="numeric">{money(figures.sales_amount)}</td>
      <td class="numeric">{figures.refunds}</td>
      <td class="numeric">{money(figures.refunds_amount)}</td>
      <td class="numeric">{money(figures.net)}</td>
      <td>{figures.payments?.map((payment) => `${payment.title} ${money(payment.amount)}`).join(' · ') || '—'}</td>
    </>
  );
}

function ShopReportTable(props: { report: ShopReport; loading: boolean; store: PriceFormat | null; timeZone: string | undefined }) {
  const { report, store } = props;
  return (
    <table id="shop-report-table" class="lines manage-table" aria-busy={props.loading ? 'true' : 'false'}>
      <caption class="visually-hidden">{`The shop’s day ${report.date}, per till`}</caption>
      <TableHead columns={COLUMNS} actions={false} />
      <tbody>
        {report.tills.map((till) => (
          <tr key={till.id}>
            <th scope="row">{till.this_till ? (till.name === '' ? 'This till' : `${till.name} (this till)`) : till.name}</th>
            <FigureCells figures={till} store={store} />
            <td>{till.last_entry_gmt === null ? 'none yet' : readableGmt(till.last_entry_gmt, props.timeZone)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Shop</th>
          <FigureCells figures={report.shop} store={store} />
          <td />
        </tr>
      </tfoot>
    </table>
  );
}

export function ShopReportScreen() {
  const { till } = useTill();
  const store = useTillState((state) => state.store);
  const [date, setDate] = useState('');
  const [report, setReport] = useState<ShopReport | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);

  const load = async (): Promise<void> => {
    setLoading(true);
    setErrors({});
    try {
      setReport(await reportsApi.shopDay(till.client, date === '' ? undefined : date));
    } catch (error) {
      // A refused date leaves no figures of another day under it.
      setReport(null);
      showRefusal(till, error, setErrors);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    void load();
    // Today's report once, when the screen opens; another day on request.
  }, []);

  return (
    <div class="manage-panel">
      <form
        id="shop-report-day"
        class="card manage-form manage-filters"
        aria-label="The shop’s day"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <TextField id="shop-report-date" label="Day (today when empty)" type="date" value={date} error={errorFor(errors, 'date')} onInput={setDate} />
        <div class="manage-actions">
          <button type="submit" class="button button-primary">
            Show the day
          </button>
        </div>
      </form>
      {report !== null && (
        <>
          <h2>{`X report of ${report.date} (${report.timezone})`}</h2>
          <ShopReportTable report={report} loading={loading} store={store} timeZone={report.timezone} />
        </>
      )}
    </div>
  );
}
