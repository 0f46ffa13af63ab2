import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_OK } from '@app/contract/envelope.ts';
import { riskEvents, trackingEvents, users } from '../../db/schema.ts';
import { testServerPerFile } from '../../test/test-server.ts';
import { createSession } from '../../plugins/session-store.ts';

const { database, server } = testServerPerFile();

async function latestMark() {
  const [row] = await database.handle.db.select().from(trackingEvents).orderBy(desc(trackingEvents.id)).limit(1);
  return row;
}

describe('POST /api/v3/other/mark', () => {
  it('stores an anonymous event with the device id of the token blob and the channel header', async () => {
    const token = server.client.cipher.encrypt(
      JSON.stringify({ deviceId: 'device-anon-0001', sourceChannel: 'fb_ads', urlData: { type: 'fb_ads' } }),
    );
    const result = await server.client.call(
      ENDPOINTS.otherMark,
      { event: '-1', eventContent: '/pages/loans/applyFor' },
      { token, sourceChannel: 'fb_ads' },
    );
    expect(result.envelope).toEqual({ status: STATUS_OK, message: '', body: { recorded: true } });
    const row = await latestMark();
    expect(row).toMatchObject({
      event: '-1',
      eventContent: '/pages/loans/applyFor',
      userId: null,
      deviceId: 'device-anon-0001',
      channel: 'fb_ads',
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("defaults the channel to 'Organic' and ignores a blob that does not decode", async () => {
    await server.client.call(ENDPOINTS.otherMark, { event: '-1', eventContent: '/pages/me/index' }, { token: 'bm90IGEgYmxvYg==' });
    expect(await latestMark()).toMatchObject({ eventContent: '/pages/me/index', deviceId: null, userId: null, channel: 'Organic' });
  });

  it('stores a logged-in event with the user', async () => {
    const [user] = await database.handle.db.insert(users).values({}).returning();
    const token = await createSession({ db: database.handle.db, userId: user!.id, now: new Date() });
    await server.client.call(ENDPOINTS.otherMark, { event: '-1', eventContent: '/pages/order/index' }, { token });
    expect(await latestMark()).toMatchObject({ eventContent: '/pages/order/index', userId: user!.id, deviceId: null });
  });
});

describe('POST /api/v3/other/riskEvent', () => {
  it('stores the risk event and its detail', async () => {
    const token = server.client.cipher.encrypt(JSON.stringify({ deviceId: 'device-risk-0001', sourceChannel: 'Organic' }));
    const result = await server.client.call(
      ENDPOINTS.riskEvent,
      { eventType: 'face_retry', detail: { tries: 3, passed: false } },
      { token },
    );
    expect(result.envelope?.status).toBe(STATUS_OK);
    const rows = await database.handle.db.select().from(riskEvents).where(eq(riskEvents.deviceId, 'device-risk-0001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventType: 'face_retry', detail: { tries: 3, passed: false }, channel: 'Organic' });
  });
});
