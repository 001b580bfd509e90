import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddCartLineBody,
  BatchCartLinesBody,
  BatchCartLinesResult,
  Cart,
  ErrorBody,
  Id,
  SelectAllBody,
  UpdateCartLineBody,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { ensureBuyer } from '../../lib/session.js';
import { addLine, batchCreate, getCart, removeLine, selectAll, updateLine } from './service.js';

const tags = ['cart'];
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const LineParams = z.object({ id: Id });

export function cartRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/cart',
    {
      schema: {
        tags,
        summary: "The caller's cart (guests too), grouped by shop, priced in the site currency",
        response: { 200: Cart },
      },
    },
    async (req) => getCart(db, req.caller.user?.id ?? null, req.caller.site.currency, req.caller.language),
  );

  r.post(
    '/api/cart/lines',
    {
      schema: {
        tags,
        summary: 'Add a SKU (quantity adds up with an existing line)',
        body: AddCartLineBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (req, reply) => {
      const buyerId = await ensureBuyer(db, req, reply);
      await addLine(db, buyerId, BigInt(req.body.skuId), req.body.qty, req.caller.site.currency);
      return getCart(db, buyerId, req.caller.site.currency, req.caller.language);
    },
  );

  r.patch(
    '/api/cart/lines/:id',
    {
      schema: {
        tags,
        summary: 'Change quantity or selection of one line',
        params: LineParams,
        body: UpdateCartLineBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (req, reply) => {
      const buyerId = await ensureBuyer(db, req, reply);
      await updateLine(db, buyerId, BigInt(req.params.id), req.body, req.caller.site.currency);
      return getCart(db, buyerId, req.caller.site.currency, req.caller.language);
    },
  );

  r.delete(
    '/api/cart/lines/:id',
    {
      schema: { tags, summary: 'Remove one line', params: LineParams, response: { 200: Cart, ...errors } },
    },
    async (req, reply) => {
      const buyerId = await ensureBuyer(db, req, reply);
      await removeLine(db, buyerId, BigInt(req.params.id));
      return getCart(db, buyerId, req.caller.site.currency, req.caller.language);
    },
  );

  r.post(
    '/api/cart/select-all',
    {
      schema: {
        tags,
        summary: 'Select or unselect every line',
        body: SelectAllBody,
        response: { 200: Cart, ...errors },
      },
    },
    async (req, reply) => {
      const buyerId = await ensureBuyer(db, req, reply);
      await selectAll(db, buyerId, req.body.selected);
      return getCart(db, buyerId, req.caller.site.currency, req.caller.language);
    },
  );

  r.post(
    '/sapi/mall-order/cartline/batchcreatenewcartlines',
    {
      schema: {
        tags,
        summary: 'Add several lines at once (buy again); all or nothing',
        body: BatchCartLinesBody,
        response: { 200: BatchCartLinesResult, ...errors },
      },
    },
    async (req, reply) => {
      const buyerId = await ensureBuyer(db, req, reply);
      const num = await batchCreate(
        db,
        buyerId,
        req.body.map((l) => ({
          skuId: BigInt(l.sku.id),
          qty: String(l.skuQty),
          itemId: l.item ? BigInt(l.item.id) : undefined,
          shopId: l.shop ? BigInt(l.shop.id) : undefined,
          sellerId: l.seller ? BigInt(l.seller.id) : undefined,
        })),
        req.caller.site.currency,
      );
      return { num, cart: await getCart(db, buyerId, req.caller.site.currency, req.caller.language) };
    },
  );
}
