/** Certificate flows of SPEC §7 on the spec's paths (flow calls take arrays of objects), plus list and delete for the buyer centre. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Certificate,
  CertificateIdBody,
  CertificateList,
  CertificateListBody,
  CreateCertificateBody,
  EditCertificateBody,
  ErrorBody,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { requireRegistered } from '../../lib/session.js';
import {
  certificateDetail,
  createCertificate,
  deleteCertificate,
  editCertificate,
  listCertificates,
} from './service.js';

const tags = ['certificates'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function certificateRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/trantor/flow/bbc_trade_CreateUserCertificateFlow',
    {
      schema: {
        tags,
        summary:
          "Save a real-name certificate; the ID number must fit the caller's site's national ID (answered masked)",
        body: CreateCertificateBody,
        response: { 200: Certificate, ...errors },
      },
    },
    async (req) => createCertificate(db, requireRegistered(req).id, req.caller.site, req.body[0]!),
  );

  r.post(
    '/api/trantor/flow/bbc_trade_EditUserCertificateFlow',
    {
      schema: {
        tags,
        summary: "Edit one of the caller's certificates (id, name, certificateNumber)",
        body: EditCertificateBody,
        response: { 200: Certificate, ...errors },
      },
    },
    async (req) => editCertificate(db, requireRegistered(req).id, req.caller.site, req.body[0]!),
  );

  r.post(
    '/api/trantor/flow/bbc_trade_QueryUserCertificateDetailByIdFlow',
    {
      schema: {
        tags,
        summary: "One of the caller's certificates by id (number masked)",
        body: CertificateIdBody,
        response: { 200: Certificate, ...errors },
      },
    },
    async (req) => certificateDetail(db, requireRegistered(req).id, req.body[0]!.id),
  );

  r.post(
    '/api/trantor/flow/bbc_trade_QueryUserCertificateListFlow',
    {
      schema: {
        tags,
        summary: "The caller's certificates, latest first (path not shown in the spec)",
        body: CertificateListBody,
        response: { 200: CertificateList, ...errors },
      },
    },
    async (req) => ({ data: await listCertificates(db, requireRegistered(req).id) }),
  );

  r.post(
    '/api/trantor/flow/bbc_trade_DeleteUserCertificateFlow',
    {
      schema: {
        tags,
        summary: "Delete one of the caller's certificates (path not shown in the spec)",
        body: CertificateIdBody,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (req) => deleteCertificate(db, requireRegistered(req).id, req.body[0]!.id),
  );
}
