/**
 * Reference regions: countries of the eight sites' delivery areas with some of their
 * provinces/states, cities (with coordinates, used for pickup distances) and districts.
 * Loaded on every start when the table is empty, independent of the demo data.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { regions } from '../db/schema/index.js';

type City = [name: string, lat: number, lon: number, districts?: string[]];
type Province = [name: string, short: string, cities: City[]];
type Country = [name: string, iso: string, lat: number, lon: number, provinces: Province[]];

export const REGIONS: Country[] = [
  [
    'United States',
    'US',
    39.8,
    -98.6,
    [
      [
        'California',
        'CA',
        [
          ['San Francisco', 37.7749, -122.4194],
          ['Los Angeles', 34.0522, -118.2437],
          ['San Jose', 37.3382, -121.8863],
        ],
      ],
      [
        'New York',
        'NY',
        [
          ['New York', 40.7128, -74.006, ['Manhattan', 'Brooklyn', 'Queens']],
          ['Buffalo', 42.8864, -78.8784],
        ],
      ],
      [
        'Texas',
        'TX',
        [
          ['Austin', 30.2672, -97.7431],
          ['Houston', 29.7604, -95.3698],
        ],
      ],
      ['Washington', 'WA', [['Seattle', 47.6062, -122.3321]]],
    ],
  ],
  [
    'United Kingdom',
    'GB',
    54.0,
    -2.0,
    [
      [
        'England',
        'ENG',
        [
          ['London', 51.5074, -0.1278, ['Camden', 'Westminster', 'Hackney']],
          ['Manchester', 53.4808, -2.2426],
        ],
      ],
      [
        'Scotland',
        'SCT',
        [
          ['Edinburgh', 55.9533, -3.1883],
          ['Glasgow', 55.8642, -4.2518],
        ],
      ],
    ],
  ],
  [
    'Germany',
    'DE',
    51.2,
    10.4,
    [
      ['Berlin', 'BE', [['Berlin', 52.52, 13.405, ['Mitte', 'Kreuzberg', 'Prenzlauer Berg']]]],
      [
        'Bayern',
        'BY',
        [
          ['München', 48.1351, 11.582],
          ['Nürnberg', 49.4521, 11.0767],
        ],
      ],
      ['Hamburg', 'HH', [['Hamburg', 53.5511, 9.9937]]],
    ],
  ],
  ['Austria', 'AT', 47.5, 14.6, [['Wien', 'W', [['Wien', 48.2082, 16.3738]]]]],
  ['Switzerland', 'CH', 46.8, 8.2, [['Zürich', 'ZH', [['Zürich', 47.3769, 8.5417]]]]],
  [
    'Japan',
    'JP',
    36.2,
    138.3,
    [
      [
        '東京都',
        '13',
        [
          ['渋谷区', 35.6618, 139.7041, ['神南', '道玄坂']],
          ['新宿区', 35.6938, 139.7034],
        ],
      ],
      ['大阪府', '27', [['大阪市', 34.6937, 135.5023, ['北区', '中央区']]]],
    ],
  ],
  [
    'Spain',
    'ES',
    40.4,
    -3.7,
    [
      ['Madrid', 'MD', [['Madrid', 40.4168, -3.7038]]],
      ['Cataluña', 'CT', [['Barcelona', 41.3874, 2.1686]]],
    ],
  ],
  [
    'Italy',
    'IT',
    41.9,
    12.6,
    [
      ['Lazio', 'LAZ', [['Roma', 41.9028, 12.4964]]],
      ['Lombardia', 'LOM', [['Milano', 45.4642, 9.19]]],
    ],
  ],
  [
    'France',
    'FR',
    46.2,
    2.2,
    [
      ['Île-de-France', 'IDF', [['Paris', 48.8566, 2.3522, ['1er arrondissement', '11e arrondissement']]]],
      ['Auvergne-Rhône-Alpes', 'ARA', [['Lyon', 45.764, 4.8357]]],
    ],
  ],
  [
    'Netherlands',
    'NL',
    52.1,
    5.3,
    [
      ['Noord-Holland', 'NH', [['Amsterdam', 52.3676, 4.9041, ['Centrum', 'Zuid', 'Oost']]]],
      [
        'Zuid-Holland',
        'ZH',
        [
          ['Rotterdam', 51.9244, 4.4777],
          ['Den Haag', 52.0705, 4.3007],
        ],
      ],
    ],
  ],
];

export async function seedRegionsIfEmpty(db: Db): Promise<void> {
  const [c] = await db.select({ n: count() }).from(regions);
  if ((c?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    for (const [name, iso, lat, lon, provinces] of REGIONS) {
      const [country] = await tx
        .insert(regions)
        .values({
          level: 1,
          regionName: name,
          regionShortName: iso,
          code: iso,
          pinyin: name.toLowerCase(),
          latitude: lat,
          longitude: lon,
        })
        .returning();
      for (const [pName, pShort, cities] of provinces) {
        const pCode = `${iso}-${pShort}`;
        const [province] = await tx
          .insert(regions)
          .values({
            parentId: country!.id,
            level: 2,
            regionName: pName,
            regionShortName: pShort,
            code: pCode,
            pinyin: pName.toLowerCase(),
          })
          .returning();
        for (const [cName, cLat, cLon, districts] of cities) {
          const cCode = `${pCode}-${cName.toUpperCase().replace(/\s+/g, '_')}`;
          const [city] = await tx
            .insert(regions)
            .values({
              parentId: province!.id,
              level: 3,
              regionName: cName,
              regionShortName: cName,
              code: cCode,
              pinyin: cName.toLowerCase(),
              latitude: cLat,
              longitude: cLon,
            })
            .returning();
          for (const d of districts ?? []) {
            await tx.insert(regions).values({
              parentId: city!.id,
              level: 4,
              regionName: d,
              regionShortName: d,
              code: `${cCode}-${d.toUpperCase().replace(/\s+/g, '_')}`,
              pinyin: d.toLowerCase(),
              latitude: cLat,
              longitude: cLon,
            });
          }
        }
      }
    }
  });
}
