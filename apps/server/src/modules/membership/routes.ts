/**
 * Membership and points routes on the spec's paths (SPEC §7 Membership). Flow and func calls take
 * arrays of objects. The points history's path is not shown in the spec; it sits beside
 * queryCustomerFlow. Everything a buyer sees is their own: the buyer comes from the session.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CustomerBenefits,
  CustomerInfo,
  EmptyFlowBody,
  ErrorBody,
  LevelByIdBody,
  LevelPage,
  LevelUpDifference,
  MEMBERSHIP,
  MemberLevel,
  PageLevelsBody,
  PointHistory,
  PointHistoryBody,
  QueryLevelBody,
} from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { isRegistered, requireRegistered } from '../../lib/session.js';
import { customerBenefits, customerInfo, levelUpDiff, myPointHistory, pageLevels, queryLevel } from './service.js';

const tags = ['membership'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export function membershipRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/trantor/flow/customer_PagingLevelManageFlow',
    {
      schema: {
        tags,
        summary:
          "The request site's member levels, lowest first, with their benefits; currentLevelId is the caller's level (null for guests)",
        body: PageLevelsBody,
        response: { 200: LevelPage, ...errors },
      },
    },
    async (req) => {
      const q = req.body[0] ?? {};
      return pageLevels(
        db,
        isRegistered(req.caller) ? req.caller.user : null,
        req.caller.site,
        q.pageNo ?? 1,
        q.pageSize ?? MEMBERSHIP.levelPageSize,
      );
    },
  );

  r.post(
    '/api/trantor/flow/customer_QueryLevelManageFlow',
    {
      schema: {
        tags,
        summary: "One level of the request's site by id, or without an id the caller's current level",
        body: QueryLevelBody,
        response: { 200: MemberLevel, ...errors },
      },
    },
    async (req) => queryLevel(db, isRegistered(req.caller) ? req.caller.user : null, req.caller.site, req.body[0]?.id),
  );

  r.post(
    '/sapi/mall-customer/customer/queryCustomerFlow',
    {
      schema: {
        tags,
        summary:
          "The caller's level, growth (paid and not refunded orders on this site), points balance and paid service",
        response: { 200: CustomerInfo, ...errors },
      },
    },
    async (req) => customerInfo(db, requireRegistered(req), req.caller.site),
  );

  r.post(
    '/api/trantor/flow/customer_QueryLevelUpDifferenceFlow',
    {
      schema: {
        tags,
        summary: 'What growth the caller still misses to the next level, and the progress to it',
        body: EmptyFlowBody,
        response: { 200: LevelUpDifference, ...errors },
      },
    },
    async (req) => levelUpDiff(db, requireRegistered(req), req.caller.site),
  );

  r.post(
    '/api/trantor/func/marketing_QueryBenefitByLevelFunc',
    {
      schema: {
        tags,
        summary: 'The benefits of one level of the request site',
        body: LevelByIdBody,
        response: { 200: MemberLevel, ...errors },
      },
    },
    async (req) => queryLevel(db, null, req.caller.site, req.body[0]!.levelId),
  );

  r.post(
    '/api/trantor/func/marketing_QueryCustomerBenefitByLevelFunc',
    {
      schema: {
        tags,
        summary: "The caller's benefits now: the level's merged with any paid service's (best of each)",
        body: EmptyFlowBody,
        response: { 200: CustomerBenefits, ...errors },
      },
    },
    async (req) => customerBenefits(db, requireRegistered(req), req.caller.site),
  );

  r.post(
    '/sapi/mall-customer/points/queryPointHistory',
    {
      schema: {
        tags,
        summary: "The caller's points balance and ledger lines, newest first, paged, optionally of some kinds",
        body: PointHistoryBody,
        response: { 200: PointHistory, ...errors },
      },
    },
    async (req) => myPointHistory(db, requireRegistered(req), req.body),
  );
}
