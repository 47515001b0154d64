/**
 * Receipt templates (`GET /templates`): the saved and bundled ones, which one prints, and a preview
 * rendered by the server, shown the way the payment screen shows a receipt.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { TemplateItem as Template } from '../../../shared/resources/templates.js';
import * as settingsApi from '../../api/settings.js';
import * as templatesApi from '../../api/templates.js';
import { showReceipt } from '../../receipt-view.js';
import { useTill } from '../context.js';
import { useLoaded } from './api.js';
import { TableHead } from '../kit/TableHead.js';

/** The paper a template is laid out for, in a shop's words: `80mm` → "Receipt roll, 80 mm". */
function paperWords(paper: string | null): string {
  if (paper === null) return 'Any paper';
  const roll = /^(\d+)\s*mm$/i.exec(paper.trim());
  if (roll !== null) return `Receipt roll, ${roll[1]} mm`;
  return `${paper} pages`;
}

function Preview(props: { template: Template }) {
  const { till } = useTill();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  useEffect(() => {
    let current = true;
    setState('loading');
    templatesApi
      .previewHtml(till.client, props.template.id)
      .then((html) => {
        if (!current || host.current === null) return;
        showReceipt(host.current, html);
        setState('shown');
      })
      .catch((error: unknown) => {
        if (!current) return;
        setState('failed');
        till.fail(error);
      });
    return () => {
      current = false;
    };
  }, [props.template.id, till]);
  return (
    <section class="card manage-preview" aria-label={`Preview of ${props.template.title}`} aria-busy={state === 'loading' ? 'true' : 'false'}>
      <h2>{`Preview: ${props.template.title}`}</h2>
      {state === 'failed' && <p class="empty">The preview could not be made.</p>}
      <div id="template-preview" ref={host} class="receipt-preview" />
    </section>
  );
}

export function TemplatesScreen() {
  const { till } = useTill();
  const loaded = useLoaded(() => templatesApi.receiptTemplates(till.client), []);
  const [previewed, setPreviewed] = useState<Template | null>(null);
  if (loaded.data === null) return <p class="empty">{loaded.loading ? 'Loading…' : 'Not loaded.'}</p>;
  const templates = loaded.data;
  const activate = async (template: Template): Promise<void> => {
    try {
      await settingsApi.chooseReceiptTemplate(till.client, template.id);
      await loaded.reload();
      till.info(`${template.title} now prints the receipts.`);
    } catch (error) {
      till.fail(error);
    }
  };
  return (
    <div class="manage-columns">
      <table id="templates-table" class="lines manage-table">
        <caption class="visually-hidden">Receipt templates</caption>
        <TableHead columns={['Template', 'Paper', 'Prints receipts']} />
        <tbody>
          {templates.map((template) => (
            <tr key={String(template.id)}>
              <td>
                <strong>{template.title}</strong>
                <span class="hint">{template.description}</span>
              </td>
              <td>
                {paperWords(template.paper_width)}
                {/* How the template is made, for whoever writes templates: folded away. */}
                <details class="status-details">
                  <summary>Details</summary>
                  {`${template.engine}, ${template.output_type}`}
                </details>
              </td>
              <td>{template.is_active ? <span class="badge">Active</span> : '—'}</td>
              <td>
                <span class="manage-row-actions">
                  <button
                    type="button"
                    class="button button-small"
                    aria-label={`Preview ${template.title}`}
                    onClick={() => {
                      setPreviewed(template);
                    }}
                  >
                    Preview
                  </button>
                  {!template.is_active && (
                    <button type="button" class="button button-small" aria-label={`Use ${template.title}`} onClick={() => void activate(template)}>
                      Use
                    </button>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {previewed !== null && <Preview key={String(previewed.id)} template={previewed} />}
    </div>
  );
}
