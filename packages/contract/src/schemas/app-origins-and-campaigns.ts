import { z } from 'zod';

/**
 * POST /api/v3/other/changeDomainName — the API origins the app may switch to, in the
 * order an administrator listed them (the app moves to the next when the current one
 * fails). Empty: the app stays on the origin it has.
 */
export const ZChangeDomainNameResponseSchema = z.object({ domains: z.array(z.string()) });
export type TChangeDomainNameResponse = z.infer<typeof ZChangeDomainNameResponseSchema>;

/**
 * POST /api/v3/activity/award — running campaigns. A campaign may only be a time-boxed
 * interest discount that the quote and the APR include, never a cash incentive to borrow
 * (decision 0152). `interestDiscountPercent`: percentage points off the yearly contract
 * rate; `productId` null: every product; `text`: the line the app shows.
 */
export const ZActivityAwardResponseSchema = z.object({
  campaigns: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      interestDiscountPercent: z.number(),
      startsOn: z.string(),
      endsOn: z.string(),
      productId: z.string().nullable(),
      text: z.string(),
    }),
  ),
});
export type TActivityAwardResponse = z.infer<typeof ZActivityAwardResponseSchema>;
