import type { Router } from 'express';
import { z } from 'zod';
import { receiptEnvelopeSchema } from '../../domain/receipts/schema.js';
import { renderReceiptText, TEXT_WIDTH } from '../../domain/receipts/text.js';
import { sendDocument } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { idSchema } from '../validation.js';

const receiptParams = z.object({ order_id: idSchema });

const receiptQuery = z.object({
  /** Without it, `settings/checkout` `receipt_default_mode` decides. */
  mode: z.enum(['live', 'fiscal']).optional(),
  format: z.enum(['json', 'html', 'text']).default('json'),
  /** A stored template's id or a gallery key; digits mean a stored id. */
  template_id: z
    .string()
    .trim()
    .min(1, 'must be a template id or a gallery key')
    .max(100)
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value))
    .optional(),
  width: z.coerce
    .number()
    .int('must be an integer')
    .min(TEXT_WIDTH.min, `width must be between ${TEXT_WIDTH.min} (inclusive) and ${TEXT_WIDTH.max} (inclusive)`)
    .max(TEXT_WIDTH.max, `width must be between ${TEXT_WIDTH.min} (inclusive) and ${TEXT_WIDTH.max} (inclusive)`)
    .default(TEXT_WIDTH.default),
});

/** Receipts may be opened in a browser: nothing in them loads or runs, inline styles and data images aside. */
const RECEIPT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * `GET /receipts/{order_id}`: the receipt data as JSON (default), `?format=html` rendered with the
 * active receipt template (or `template_id`), `?format=text` as plain text `width` columns wide.
 */
export function createReceiptsRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { receipts, templates, settings } = services;

  routes.get('/receipts/{order_id}', { params: receiptParams, query: receiptQuery, answer: receiptEnvelopeSchema }, (req, res, input) => {
    const { order_id } = input.params;
    const { format, template_id, width, ...query } = input.query;
    const mode = query.mode ?? settings.checkout().receipt_default_mode;
    const receipt = mode === 'fiscal' ? receipts.fiscal(order_id) : receipts.receipt(order_id);
    res.setHeader('Cache-Control', 'no-store');
    switch (format) {
      case 'json':
        res.json(receipt);
        return;
      case 'html': {
        const html = templates.receiptHtml(receipt.data, template_id);
        res.setHeader('Content-Security-Policy', RECEIPT_CSP);
        sendDocument(res, 'text/html; charset=utf-8', html);
        return;
      }
      case 'text':
        sendDocument(res, 'text/plain; charset=utf-8', renderReceiptText(receipt.data, width));
        return;
    }
  });

  return routes.router;
}
