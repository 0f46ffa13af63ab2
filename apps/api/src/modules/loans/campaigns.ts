import { CAMPAIGN_NOT_FOUND, CAMPAIGN_PRODUCT_UNKNOWN, campaignLine } from '@app/contract/messages/loans.ts';
import type { TActivityAwardResponse } from '@app/contract/schemas/app-origins-and-campaigns.ts';
import type { Db } from '../../db/client.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  insertCampaign,
  selectCampaign,
  selectCampaigns,
  selectProduct,
  selectProducts,
  selectRunningCampaigns,
  updateCampaign,
  type CampaignRecord,
  type CampaignValues,
} from './loans-repository.ts';

/**
 * Campaigns (decision 0152): a time-boxed interest discount — the yearly contract rate of
 * a quote lowered by some basis points while the campaign runs, for one product or all.
 * The quote is priced on the lowered rate, so its interest, total and APR include the
 * discount, and the order keeps the lowered rate for its whole life. Never a cash amount
 * or anything paid for borrowing (PRODUCT.md).
 */

/** The product's terms with the campaign's discount: the rate lowered, never below 0 (4 decimals, as stored). */
export function discountedTerms(terms: LoanProductTerms, discountBasisPoints: number): LoanProductTerms {
  const lowered = Math.max(0, Math.round(terms.annualRatePercent * 10_000 - discountBasisPoints * 100) / 10_000);
  return { ...terms, annualRatePercent: lowered };
}

/** The running campaign that lowers `productId`'s rate the most at `now` (the earliest ending on a tie); null when none runs. */
export async function findRunningCampaign(options: { db: Db; productId: number; now: Date }): Promise<CampaignRecord | null> {
  const running = await selectRunningCampaigns(options.db, options.now, options.productId);
  let best: CampaignRecord | null = null;
  for (const campaign of running) if (best === null || campaign.discountBasisPoints > best.discountBasisPoints) best = campaign;
  return best;
}

/** activity/award: the campaigns running now, each with the line the app shows. */
export async function listRunningCampaigns(options: { db: Db; now: Date }): Promise<TActivityAwardResponse> {
  const [running, products] = await Promise.all([selectRunningCampaigns(options.db, options.now), selectProducts(options.db)]);
  const offered = new Map(products.map((product) => [product.id, product.name]));
  return {
    campaigns: running
      // A campaign for a retired product has nothing to discount.
      .filter((campaign) => campaign.productId === null || offered.has(campaign.productId))
      .map((campaign) => ({
        id: campaign.id,
        title: campaign.title,
        interestDiscountPercent: campaign.discountBasisPoints / 100,
        startsOn: taipeiCalendarDate(campaign.startsAt),
        endsOn: taipeiCalendarDate(campaign.endsAt),
        productId: campaign.productId === null ? null : String(campaign.productId),
        text: campaignLine(
          campaign.title,
          campaign.discountBasisPoints / 100,
          campaign.productId === null ? null : (offered.get(campaign.productId) ?? null),
          taipeiCalendarDate(campaign.endsAt),
        ),
      })),
  };
}

export type CampaignState = 'scheduled' | 'running' | 'ended';
export function campaignState(campaign: { startsAt: Date; endsAt: Date }, now: Date): CampaignState {
  if (now < campaign.startsAt) return 'scheduled';
  return now < campaign.endsAt ? 'running' : 'ended';
}

/** Every campaign for the console, with its product's name and state at `now`. */
export async function listCampaignsForConsole(options: { db: Db; now: Date }) {
  const [campaigns, products] = await Promise.all([selectCampaigns(options.db), selectProducts(options.db, { includeDisabled: true })]);
  const names = new Map(products.map((product) => [product.id, product.name]));
  return campaigns.map((campaign) => ({
    ...campaign,
    productName: campaign.productId === null ? null : (names.get(campaign.productId) ?? null),
    state: campaignState(campaign, options.now),
  }));
}

async function requireKnownProduct(db: Db, productId: number | null): Promise<void> {
  if (productId !== null && !(await selectProduct(db, productId))) {
    throw new AppError('BUSINESS_RULE', { userMessage: CAMPAIGN_PRODUCT_UNKNOWN, message: 'campaign for an unknown product' });
  }
}

/** A new campaign (already checked: 1 to 2,000 basis points, start before end). */
export async function createCampaign(options: { db: Db; values: CampaignValues; now: Date }): Promise<number> {
  await requireKnownProduct(options.db, options.values.productId);
  return insertCampaign(options.db, options.values, options.now);
}

/** Changes campaign `id` (e.g. ends it early); answers it as it was, for the audit trail. */
export async function changeCampaign(options: { db: Db; id: number; values: CampaignValues; now: Date }): Promise<CampaignRecord> {
  const before = await selectCampaign(options.db, options.id);
  if (!before) throw new AppError('NOT_FOUND', { userMessage: CAMPAIGN_NOT_FOUND, message: 'campaign not found' });
  await requireKnownProduct(options.db, options.values.productId);
  await updateCampaign(options.db, options.id, options.values, options.now);
  return before;
}
