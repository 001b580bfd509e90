import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Address, ErrorBody, Id, RegionPage, RegionPageBody } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { requireRegistered } from '../../lib/session.js';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  pageRegions,
  setDefaultAddress,
  updateAddress,
} from './service.js';

const tags = ['address'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const Params = z.object({ id: Id });
// The body is validated by the site-dependent address rules inside the service.
const AddressBody = z.record(z.string(), z.unknown());

export function addressRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/sapi/mall-content/web/mdRegionBO/page',
    {
      schema: {
        tags,
        summary: 'Regions: countries by default, or the children of parentId (address picker levels)',
        body: RegionPageBody,
        response: { 200: RegionPage, 400: ErrorBody },
      },
    },
    async (req) => pageRegions(db, req.body),
  );

  r.post(
    '/sapi/mall-customer/shipping-address/queryShippingAddressListFlow',
    {
      schema: {
        tags,
        summary: "The caller's saved addresses, default first",
        body: z.strictObject({}).optional(),
        response: { 200: z.array(Address), ...errors },
      },
    },
    async (req) => listAddresses(db, requireRegistered(req).id),
  );

  r.post(
    '/api/addresses',
    {
      schema: {
        tags,
        summary: 'Save a new address (the first one becomes default)',
        body: AddressBody,
        response: { 200: Address, ...errors },
      },
    },
    async (req) => createAddress(db, requireRegistered(req).id, req.caller.site, req.body),
  );

  r.put(
    '/api/addresses/:id',
    {
      schema: {
        tags,
        summary: 'Edit an address; a default address stays default',
        params: Params,
        body: AddressBody,
        response: { 200: Address, ...errors },
      },
    },
    async (req) => updateAddress(db, requireRegistered(req).id, BigInt(req.params.id), req.caller.site, req.body),
  );

  r.post(
    '/api/addresses/:id/default',
    {
      schema: {
        tags,
        summary: 'Make an address the default',
        params: Params,
        response: { 200: z.array(Address), ...errors },
      },
    },
    async (req) => {
      const user = requireRegistered(req);
      await setDefaultAddress(db, user.id, BigInt(req.params.id));
      return listAddresses(db, user.id);
    },
  );

  r.delete(
    '/api/addresses/:id',
    {
      schema: { tags, summary: 'Delete an address', params: Params, response: { 200: z.array(Address), ...errors } },
    },
    async (req) => {
      const user = requireRegistered(req);
      await deleteAddress(db, user.id, BigInt(req.params.id));
      return listAddresses(db, user.id);
    },
  );
}
