/**
 * Writes the PayPal schema file shapes.test.ts checks the emulator against: the parts of PayPal's
 * published OpenAPI documents (github.com/paypal/paypal-rest-api-specifications) that the emulator
 * answers with, trimmed to the schemas those answers reach and without prose (descriptions,
 * examples). The file is reference data and lives beside the repository, in
 * shared/emulators/paypal-openapi.json, never in it; the emulator itself does not read it.
 *
 *   node apps/server/test/emulators/paypal/vendor-schemas.mjs <checkout of paypal-rest-api-specifications> [output file]
 *
 * Rerun it to follow a newer spec; shapes.test.ts reads PAYPAL_OPENAPI_SCHEMAS when the output is elsewhere.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = process.argv[2];
if (!repo)
  throw new Error('usage: vendor-schemas.mjs <paypal-rest-api-specifications checkout or git dir> [output file]');
const here = path.dirname(fileURLToPath(import.meta.url));
const target = path.resolve(
  process.argv[3] ?? path.resolve(here, '../../../../../../shared/emulators/paypal-openapi.json'),
);
const git = (...args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
const commit = git('rev-parse', 'HEAD').trim();
const read = (file) => JSON.parse(git('show', `HEAD:openapi/${file}`));

/** Drops prose and vendor extensions; keeps a property that happens to be named `description` (error details have one). */
function trim(node) {
  if (Array.isArray(node)) return node.map(trim);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'description' || k === 'title' || k === 'summary') && typeof v === 'string') continue;
    if (k === 'example' || k === 'examples' || k.startsWith('x-')) continue;
    out[k] = trim(v);
  }
  return out;
}

function refsOf(node, found = new Set()) {
  JSON.stringify(node).replace(/"#\/components\/schemas\/([^"]+)"/g, (_, name) => {
    found.add(name);
    return '';
  });
  return found;
}

/** The operations the emulator implements, their request body and answers, and every schema they reach. */
function vendor(file, operations) {
  const spec = read(file);
  const ops = {};
  const roots = new Set();
  for (const op of operations) {
    const [method, path] = op.split(' ');
    const o = spec.paths[path]?.[method.toLowerCase()];
    if (!o) throw new Error(`${file}: no ${op}`);
    const responses = {};
    for (const [status, r] of Object.entries(o.responses)) {
      const schema = r.content?.['application/json']?.schema;
      if (schema) responses[status] = trim(schema);
    }
    const request = o.requestBody?.content?.['application/json']?.schema;
    ops[op] = { request: request ? trim(request) : null, responses };
    refsOf(ops[op], roots);
  }
  const all = spec.components.schemas;
  const schemas = {};
  const queue = [...roots];
  while (queue.length) {
    const name = queue.pop();
    if (schemas[name]) continue;
    if (!all[name]) throw new Error(`${file}: no schema ${name}`);
    schemas[name] = trim(all[name]);
    for (const r of refsOf(all[name])) queue.push(r);
  }
  return {
    file: `openapi/${file}`,
    operations: ops,
    components: { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) },
  };
}

const out = {
  source: { repository: 'https://github.com/paypal/paypal-rest-api-specifications', commit },
  orders: vendor('checkout_orders_v2.json', [
    'POST /v2/checkout/orders',
    'GET /v2/checkout/orders/{id}',
    'POST /v2/checkout/orders/{id}/capture',
  ]),
  payments: vendor('payments_payment_v2.json', [
    'GET /v2/payments/captures/{capture_id}',
    'POST /v2/payments/captures/{capture_id}/refund',
    'GET /v2/payments/refunds/{refund_id}',
  ]),
  webhooks: vendor('notifications_webhooks_v1.json', [
    'POST /v1/notifications/verify-webhook-signature',
    'GET /v1/notifications/webhooks-events/{event_id}',
  ]),
  // The token endpoint is not in these documents: its answer is the SDK's OAuthToken model
  // (@paypal/paypal-server-sdk src/models/oAuthToken.ts) plus the fields PayPal documents
  // (app_id, nonce) and its error is the SDK's OAuthProviderError.
  oauth: {
    operations: {
      'POST /v1/oauth2/token': {
        request: null,
        responses: {
          200: {
            type: 'object',
            required: ['access_token', 'token_type'],
            properties: {
              scope: { type: 'string' },
              access_token: { type: 'string' },
              token_type: { type: 'string', enum: ['Bearer'] },
              app_id: { type: 'string' },
              expires_in: { type: 'integer' },
              nonce: { type: 'string' },
            },
          },
          401: {
            type: 'object',
            required: ['error'],
            properties: {
              error: {
                type: 'string',
                enum: [
                  'invalid_request',
                  'invalid_client',
                  'invalid_grant',
                  'unauthorized_client',
                  'unsupported_grant_type',
                  'invalid_scope',
                ],
              },
              error_description: { type: 'string' },
              error_uri: { type: 'string' },
            },
          },
        },
      },
    },
  },
};
out.oauth.operations['POST /v1/oauth2/token'].responses[400] =
  out.oauth.operations['POST /v1/oauth2/token'].responses[401];

mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(out, null, 1)}\n`);
console.log(`${target} from ${commit}`);
