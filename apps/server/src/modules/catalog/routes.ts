import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, ItemDetail, ItemList, ItemListQuery } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { getItem, listItems } from './service.js';
import { compiledSerializer } from '../../lib/compiled-response.js';
import { listCache } from './list-cache.js';

const tags = ['catalog'];

export function catalogRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The first pages come serialized from the cache while the catalog version stands (list-cache.ts).
  const cache = listCache(
    db,
    compiledSerializer({ schema: ItemList, method: 'GET', url: '/api/catalog/items', httpStatus: '200' }) as (
      data: unknown,
    ) => string,
  );
  r.get(
    '/api/catalog/items',
    {
      serializerCompiler: compiledSerializer,
      schema: {
        tags,
        summary:
          "Items listed on the current site, with their lowest price in its currency (DIY bundles with their parts) and texts in the caller's language",
        querystring: ItemListQuery,
        response: { 200: ItemList, 400: ErrorBody },
      },
    },
    async (req, reply) => {
      const { currency } = req.caller.site;
      const body = await cache.body(currency, req.caller.language, req.query, () =>
        listItems(db, currency, req.query, req.caller.language),
      );
      return reply.type('application/json; charset=utf-8').send(body as never); // already serialized
    },
  );

  r.get(
    '/api/catalog/items/:urlKey',
    {
      schema: {
        tags,
        summary:
          "One item with SKUs, presale windows, DIY parts and gifts, in the caller's language (English where not translated)",
        params: z.object({ urlKey: z.string().max(200) }),
        response: { 200: ItemDetail, 404: ErrorBody },
      },
    },
    async (req) => getItem(db, req.params.urlKey, req.caller.site.currency, req.caller.language, req.caller.site.code),
  );
}
