/**
 * Payment gateways (`GET/POST /settings/payment-gateways`): which tenders the till offers, in which
 * order, the one it preselects, and whether receipts print by themselves.
 */
import { useLayoutEffect, useState } from 'preact/hooks';
import type { GatewaySettings } from '../../../shared/resources/payments.js';
import * as paymentsApi from '../../api/payments.js';
import { useTill } from '../context.js';
import { errorFor, runSave, useLoaded, type FieldErrors } from './api.js';
import { CheckField, FieldMessage } from '../kit/Field.js';
import { SelectField } from '../kit/SelectField.js';

interface Draft {
  order: string[];
  enabled: Record<string, boolean>;
  defaultGateway: string;
  autoPrint: boolean;
}

function draftOf(settings: GatewaySettings): Draft {
  const gateways = Object.values(settings.gateways).sort((a, b) => a.order - b.order);
  return {
    order: gateways.map((gateway) => gateway.id),
    enabled: Object.fromEntries(gateways.map((gateway) => [gateway.id, gateway.enabled])),
    defaultGateway: settings.default_gateway,
    autoPrint: settings.auto_print_receipt,
  };
}

/** The tenders in the till's order, each with whether it is offered and buttons that move it. */
function GatewayList(props: {
  draft: Draft;
  settings: GatewaySettings;
  errors: FieldErrors;
  onMove: (id: string, step: number) => void;
  onEnable: (id: string, enabled: boolean) => void;
}) {
  const { draft, settings, errors } = props;
  return (
    <ol id="gateway-list" class="manage-ordered">
      {draft.order.map((id, index) => {
        const gateway = settings.gateways[id];
        const title = gateway?.title ?? id;
        const message = errorFor(errors, `gateways.${id}`);
        return (
          <li key={id} class="manage-gateway">
            <label class="check">
              <input
                type="checkbox"
                checked={draft.enabled[id] === true}
                aria-describedby={message === null ? undefined : `gateway-${id}-error`}
                onChange={(event) => {
                  props.onEnable(id, event.currentTarget.checked);
                }}
              />
              {` ${title} enabled`}
            </label>
            <span class="hint">{gateway?.description}</span>
            <span class="manage-row-actions">
              <button
                type="button"
                class="button button-small"
                aria-label={`Move ${title} up`}
                disabled={index === 0}
                onClick={() => {
                  props.onMove(id, -1);
                }}
              >
                ↑
              </button>
              <button
                type="button"
                class="button button-small"
                aria-label={`Move ${title} down`}
                disabled={index === draft.order.length - 1}
                onClick={() => {
                  props.onMove(id, 1);
                }}
              >
                ↓
              </button>
            </span>
            <FieldMessage id={`gateway-${id}`} message={message} />
          </li>
        );
      })}
    </ol>
  );
}

export function GatewaysScreen() {
  const { till } = useTill();
  const loaded = useLoaded(() => paymentsApi.settings(till.client), []);
  const settings = loaded.data;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // A layout effect runs in the same task as the render, so a keystroke or a scan cannot land
  // between the fields appearing and this reset (a plain effect runs after paint and wiped them).
  useLayoutEffect(() => {
    setDraft(settings === null ? null : draftOf(settings));
  }, [settings]);
  if (settings === null || draft === null) return <p class="empty">{loaded.loading ? 'Loading…' : 'Not loaded.'}</p>;

  const moveBy = (id: string, step: number): void => {
    const order = [...draft.order];
    const at = order.indexOf(id);
    const to = at + step;
    if (at < 0 || to < 0 || to >= order.length) return;
    [order[at], order[to]] = [order[to] ?? id, id];
    setDraft({ ...draft, order });
  };
  const save = async (event: Event): Promise<void> => {
    event.preventDefault();
    const body = {
      default_gateway: draft.defaultGateway,
      auto_print_receipt: draft.autoPrint,
      gateways: Object.fromEntries(draft.order.map((id, index) => [id, { enabled: draft.enabled[id] === true, order: index }])),
    };
    await runSave(
      till,
      async () => {
        loaded.replace(await paymentsApi.saveSettings(till.client, body));
      },
      { done: 'Payment settings: saved.', onFieldErrors: setErrors },
    );
  };
  return (
    <form id="gateways-form" class="card manage-form" aria-label="Payment gateways" noValidate onSubmit={(event) => void save(event)}>
      {Object.keys(errors).length > 0 && (
        <div class="form-error" role="alert">
          Not saved: see the messages below.
        </div>
      )}
      <GatewayList
        draft={draft}
        settings={settings}
        errors={errors}
        onMove={moveBy}
        onEnable={(id, enabled) => {
          setDraft({ ...draft, enabled: { ...draft.enabled, [id]: enabled } });
        }}
      />
      <SelectField
        id="default-gateway"
        label="Preselected at payment"
        value={draft.defaultGateway}
        options={draft.order.map((id) => [id, settings.gateways[id]?.title ?? id] as const)}
        error={errorFor(errors, 'default_gateway')}
        onChange={(defaultGateway) => {
          setDraft({ ...draft, defaultGateway });
        }}
      />
      <CheckField
        id="auto-print-receipt"
        label="Print the receipt after each payment"
        checked={draft.autoPrint}
        error={errorFor(errors, 'auto_print_receipt')}
        onChange={(autoPrint) => {
          setDraft({ ...draft, autoPrint });
        }}
      />
      <div class="manage-actions">
        <button type="submit" class="button button-primary">
          Save payment settings
        </button>
      </div>
    </form>
  );
}
