import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_ERROR, STATUS_OK } from '@app/contract/envelope.ts';
import { NOT_FOUND_CONFIG } from '@app/contract/messages/request-errors.ts';
import { appConfigs, banners, documents, notices } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { startTestServer, testServerPerFile } from '../../test/test-server.ts';

const { database, server } = testServerPerFile();

describe('GET /api/v3/common/config/one', () => {
  it("returns the seeded 'line' customer-service config", async () => {
    const result = await server.client.call(ENDPOINTS.commonConfigOne, { configKey: 'line' });
    expect(result.envelope).toEqual({
      status: STATUS_OK,
      message: '',
      body: {
        configKey: 'line',
        configValue: '@xiaoandai',
        extInfoJSON: { line_img: '', line: '@xiaoandai', line_url: 'https://line.me/R/ti/p/@xiaoandai' },
      },
    });
  });

  it('answers an unknown key with 查無此設定', async () => {
    const result = await server.client.call(ENDPOINTS.commonConfigOne, { configKey: 'nope' });
    expect(result.envelope).toEqual({ status: STATUS_ERROR, message: NOT_FOUND_CONFIG, body: null });
  });
});

describe('POST /api/v3/common/config', () => {
  it('returns the public configuration', async () => {
    const result = await server.client.call(ENDPOINTS.commonConfig, {});
    expect(result.envelope?.status).toBe(STATUS_OK);
    expect(result.envelope?.body).toMatchObject({
      productName: '小安貸',
      packageName: 'tw.xiaoan.loan',
      aprCapPercent: 16,
      serviceLine: '@xiaoandai',
      values: { line: '@xiaoandai' },
      // One lender identity by default (docs/decisions.md); deployments set their own.
      lender: { name: '小安資融股份有限公司', registrationNo: '83451206', servicePhone: '0800-080-123', serviceHours: '每日 09:00-21:00' },
    });
  });
});

describe('seed', () => {
  it('is idempotent and keeps operator edits', async () => {
    await database.handle.db.update(appConfigs).set({ value: '@edited' }).where(eq(appConfigs.key, 'service_hours'));
    await seedDatabase(database.handle.db);
    await seedDatabase(database.handle.db);
    const [row] = await database.handle.db.select().from(appConfigs).where(eq(appConfigs.key, 'service_hours'));
    expect(row?.value).toBe('@edited');
    expect(await database.handle.db.select().from(banners)).toHaveLength(1);
    expect(await database.handle.db.select().from(notices)).toHaveLength(1);
  });

  it('holds a user agreement and a privacy policy with every PDPA art. 8 item', async () => {
    const rows = await database.handle.db.select().from(documents);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    expect(byKey.get('user_agreement')?.title).toBe('使用者條款');
    expect(byKey.get('user_agreement')?.body).toContain('16%');
    const privacy = byKey.get('privacy_policy');
    expect(privacy?.title).toBe('隱私權政策');
    for (const heading of ['蒐集者', '蒐集目的', '個人資料類別', '利用期間', '利用地區', '利用對象', '第 3 條', '不提供資料之影響']) {
      expect(privacy?.body).toContain(heading);
    }
    for (const right of ['查詢或請求閱覽', '製給複製本', '補充或更正', '停止蒐集、處理或利用', '請求刪除']) {
      expect(privacy?.body).toContain(right);
    }
  });
});

describe('GET /healthz', () => {
  it('answers 200 {ok:true} when the database answers', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('answers 503 {ok:false} when the database does not', async () => {
    const own = await openTestDatabase();
    const failing = await startTestServer(own.handle);
    await own.lose();
    try {
      const response = await fetch(`${failing.baseUrl}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false });
    } finally {
      await failing.close();
    }
  });
});
