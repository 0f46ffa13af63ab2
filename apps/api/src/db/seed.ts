import { sql } from 'drizzle-orm';
import { LINE_CONFIG_KEY } from '@app/contract/schemas/config.ts';
import type { Db } from './client.ts';
import { seedFaq } from './faq-seed.ts';
import { appConfigs, banners, notices, popups } from './schema/config.ts';
import { documents } from './schema/documents.ts';
import { LOAN_CONTRACT_TEMPLATE } from './documents/loan-contract-template.ts';
import { PRIVACY_POLICY } from './documents/privacy-policy.ts';
import { USER_AGREEMENT } from './documents/user-agreement.ts';

/** Any constant; only this app takes it. */
const SEED_LOCK_ID = 734_211_002;

/**
 * First-start content. Idempotent: rows that exist are left alone (operators may have
 * edited them), so it runs on every start and on several instances at once.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await db
    .insert(appConfigs)
    .values([
      {
        key: LINE_CONFIG_KEY,
        value: '@xiaoandai',
        isPublic: true,
        // line_img stays empty: the app draws the QR code from line_url.
        extInfo: { line_img: '', line: '@xiaoandai', line_url: 'https://line.me/R/ti/p/@xiaoandai' },
      },
      { key: 'service_hours', value: '每日 09:00-21:00', isPublic: true, extInfo: {} },
    ])
    .onConflictDoNothing();

  await db.insert(documents).values([USER_AGREEMENT, PRIVACY_POLICY, LOAN_CONTRACT_TEMPLATE]).onConflictDoNothing();

  await seedFaq(db);

  // Banners, notices and popups have no natural key: seed only into empty tables, under a lock so
  // two instances starting together do not both insert.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [banner] = await tx.select({ id: banners.id }).from(banners).limit(1);
    if (!banner) {
      await tx.insert(banners).values({
        title: '年利率上限 16%，費用全部事先告知',
        imageUrl: '',
        linkUrl: '#/pages/loans/productList',
        sortOrder: 1,
      });
    }
    const [notice] = await tx.select({ id: notices.id }).from(notices).limit(1);
    if (!notice) {
      await tx.insert(notices).values({
        content: '提醒您：本公司不會要求提供提款卡、存摺正本、密碼或銀行簡訊驗證碼，也不收取任何審核費或保證金。',
        sortOrder: 1,
      });
    }
    const [popup] = await tx.select({ id: popups.id }).from(popups).limit(1);
    if (!popup) {
      await tx.insert(popups).values({
        title: '防詐騙提醒',
        content:
          '我們不會要求您提供提款卡、存摺、密碼或銀行簡訊驗證碼，撥款前也不收取任何費用。借款費用都會在簽約前完整列出，如有疑問請洽 LINE 客服。',
        linkUrl: '',
        sortOrder: 1,
      });
    }
  });
}
