/**
 * The OpenAPI document shows an answer's schema only where a zod schema describes the answer
 * exactly (endpoints.ts `answer`): each such schema, read back from the document, accepts what the
 * server really answers and nothing more (its objects allow no other properties).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../helpers/server.js';
import { createOrder } from '../helpers/shop-data.js';
import { useServer } from '../helpers/use-server.js';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: z.core.JSONSchema.JSONSchema }> }>;
}

let orderId: number;
let document: { paths: Record<string, Record<string, Operation>> };

const { server, tokens, catalogue } = useServer({ roles: ['cashier', 'shop_manager'], store: 'uk', catalogue: 'sale' }, async () => {
  document = (await api(server, 'GET', '/openapi.json')).body;
  const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 2 }] });
  orderId = order.id;
  const paid = await api(server, 'POST', `/orders/${orderId}/checkout`, {
    token: tokens.cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '100' } },
  });
  expect(paid.status).toBe(200);
});

/** `get /settings/checkout`, for each operation whose 200 gives a JSON schema. */
function withAnswerSchema(): Map<string, z.core.JSONSchema.JSONSchema> {
  const found = new Map<string, z.core.JSONSchema.JSONSchema>();
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const schema = operation.responses['200']?.content?.['application/json']?.schema;
      if (schema !== undefined) found.set(`${method} ${path}`, schema);
    }
  return found;
}

describe('the answers’ schemas in the OpenAPI document', () => {
  it('are given for the settings groups answered as stored and for the receipt’s JSON, and for nothing made up', () => {
    expect([...withAnswerSchema().keys()].sort()).toEqual(
      [
        'get /receipts/{order_id}',
        ...['approvals', 'checkout', 'tax_ids', 'templates'].flatMap((group) => [`get /settings/${group}`, `post /settings/${group}`]),
      ].sort(),
    );
  });

  it('accept what the server answers, and refuse an answer with a property they do not list', async () => {
    const schemas = withAnswerSchema();
    const reads: Array<[string, string, string]> = [
      ['get /receipts/{order_id}', `/receipts/${orderId}`, tokens.cashier],
      ['get /receipts/{order_id}', `/receipts/${orderId}?mode=fiscal`, tokens.cashier],
      ...['approvals', 'checkout', 'tax_ids', 'templates'].map((group): [string, string, string] => [
        `get /settings/${group}`,
        `/settings/${group}`,
        tokens.shop_manager,
      ]),
    ];
    const refused: string[] = [];
    for (const [operation, path, token] of reads) {
      const response = await api(server, 'GET', path, { token });
      expect(response.status, path).toBe(200);
      const schema = z.fromJSONSchema(schemas.get(operation) ?? false);
      const checked = schema.safeParse(response.body);
      if (!checked.success) refused.push(`${path}: ${checked.error.message}`);
      expect(schema.safeParse({ ...response.body, not_in_the_answer: true }).success, path).toBe(false);
    }
    expect(refused).toEqual([]);
  });
});
