/**
 * Responses of the hot read routes (order list, tab counts, order detail, item list) written by
 * a serializer compiled once from the route's zod response schema (zod -> JSON Schema ->
 * fast-json-stringify, Fastify's own serializer), instead of encoding every response with zod.
 * The zod schemas stay the source of truth (OpenAPI, types, request validation).
 *
 * fast-json-stringify writes what the schema says without checking it, so under the tests
 * (VITEST) every response is also encoded by zod and the two strings must be equal: a response
 * the schema does not describe fails there, as it would with the zod serializer.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

const checked = !!process.env.VITEST;

type Json = { [k: string]: unknown };
/**
 * fast-json-stringify overflows its stack on a self-referencing schema (an order line holds its
 * DIY parts and gifts, which are order lines), so references are written out in place, two
 * levels deep (parts never have parts of their own); deeper, anything goes.
 */
function inlineRefs(node: unknown, defs: Record<string, unknown>, depth = 0): unknown {
  if (Array.isArray(node)) return node.map((n) => inlineRefs(n, defs, depth));
  if (!node || typeof node !== 'object') return node;
  const o = node as Json;
  if (typeof o.$ref === 'string' && o.$ref.startsWith('#/definitions/')) {
    return depth >= 2 ? {} : inlineRefs(defs[o.$ref.slice('#/definitions/'.length)], defs, depth + 1);
  }
  // `X or null` as X with nullable: an anyOf is chosen by validating each branch at run time (ajv).
  const branches = o.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(o).length === 1) {
    const other = branches.find((b) => (b as Json).type !== 'null') as Json | undefined;
    if (
      other &&
      branches.some((b) => (b as Json).type === 'null' && Object.keys(b as Json).length === 1) &&
      typeof other.type === 'string'
    ) {
      return { ...(inlineRefs(other, defs, depth) as Json), nullable: true };
    }
  }
  return Object.fromEntries(
    Object.entries(o)
      .filter(([k]) => k !== 'definitions' && k !== '$schema')
      .map(([k, v]) => [k, inlineRefs(v, defs, depth)]),
  );
}

export const compiledSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = schema as z.ZodType;
  const json = z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7' }) as Json;
  const stringify = fastJson(
    inlineRefs(json, (json.definitions ?? {}) as Record<string, unknown>) as Parameters<typeof fastJson>[0],
  );
  if (!checked) return stringify;
  return (data) => {
    const fast = stringify(data);
    const slow = JSON.stringify(z.encode(zodSchema, data as never));
    if (fast !== slow) throw new Error(`compiled serializer of ${method} ${url} differs from zod:\n${fast}\n${slow}`);
    return fast;
  };
};
