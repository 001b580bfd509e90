import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/** Countries (level 1), provinces/states (2), cities (3), districts (4). */
export const regions = pgTable(
  'regions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    parentId: bigint('parent_id', { mode: 'bigint' }),
    level: integer('level').notNull(),
    regionName: text('region_name').notNull(),
    /** ISO code for countries and states (US, CA, 13...), used in phone and postal rules. */
    regionShortName: text('region_short_name').notNull(),
    code: text('code').notNull(),
    pinyin: text('pinyin').notNull().default(''),
    status: text('status').notNull().default('ENABLED'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [uniqueIndex('regions_code_key').on(t.code), index('regions_parent_idx').on(t.parentId)],
);

export type DistrictLevelValue = { level: number; name: string; id?: string; code?: string };

/** A registered buyer's saved shipping address (guests' addresses live only on their orders). */
export const addresses = pgTable(
  'addresses',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    buyerId: bigint('buyer_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: ['MALE', 'FEMALE', 'UN_KNOW'] }).notNull(),
    personPhone: text('person_phone').notNull(),
    areaCode: text('area_code'),
    email: text('email').notNull(),
    countryId: bigint('country_id', { mode: 'bigint' })
      .notNull()
      .references(() => regions.id),
    province: text('province'),
    provinceId: text('province_id'),
    city: text('city').notNull(),
    cityId: text('city_id'),
    districtList: jsonb('district_list').$type<DistrictLevelValue[]>().notNull().default([]),
    postalCode: text('postal_code').notNull(),
    poiName: text('poi_name').notNull(),
    detailAddress: text('detail_address').notNull(),
    company: text('company'),
    taxCode: text('tax_code'),
    addressType: text('address_type', { enum: ['COMPANY', 'PERSON'] }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    subscribe: boolean('subscribe').notNull().default(false),
    site: text('site').notNull(),
    hearFrom: text('hear_from'),
    hearFromInput: text('hear_from_input'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_buyer_idx').on(t.buyerId)],
);
