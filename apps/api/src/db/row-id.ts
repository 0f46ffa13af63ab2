/** The largest id an `integer` identity column holds (PostgreSQL int4). */
const MAX_ROW_ID = 2_147_483_647;

/**
 * Whether a number taken from a request can be a row's id: a positive whole number within
 * int4. Anything else names no row; asking the database with it would fail with "out of
 * range" instead of finding nothing.
 */
export function isRowId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_ROW_ID;
}
