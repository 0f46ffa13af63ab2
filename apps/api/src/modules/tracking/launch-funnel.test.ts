import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TDashboardResponse } from '@app/contract/admin/admin-report-schemas.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_OK } from '@app/contract/envelope.ts';
import { LAUNCH_EVENT } from '@app/contract/schemas/tracking.ts';
import { accountsServerPerFile } from '../../test/accounts-test-kit.ts';
import { enrolledOperator, signedInClient, type AdminClient } from '../../test/admin-test-kit.ts';

/** The funnel's first step: the app marks each start (LAUNCH_EVENT), the dashboard counts launching devices per channel. */

const { server } = accountsServerPerFile();
const CHANNEL = 'line_spring';

/** The launch mark the app sends at start, from a visitor's device that came by `channel`. */
async function launchFrom(deviceId: string, channel: string) {
  const token = server.client.cipher.encrypt(JSON.stringify({ deviceId, sourceChannel: channel }));
  const result = await server.client.call(
    ENDPOINTS.otherMark,
    { event: LAUNCH_EVENT, eventContent: '/pages/loans/index' },
    { token, sourceChannel: channel },
  );
  expect(result.envelope?.status).toBe(STATUS_OK);
}

async function launchedOn(finance: AdminClient, channel: string): Promise<number> {
  const result = await finance.call(ADMIN_ROUTES.dashboard);
  expect(result.status).toBe(200);
  return (result.json as TDashboardResponse).funnel.find((row) => row.channel === channel)?.launched ?? 0;
}

describe("the dashboard's launch count", () => {
  it('moves with each device that starts the app, once per device, by its channel', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'fiona', 'finance'));
    expect(await launchedOn(finance, CHANNEL)).toBe(0);

    await launchFrom('device-launch-0001', CHANNEL);
    expect(await launchedOn(finance, CHANNEL)).toBe(1);

    // A second start of the same device is the same visitor; another device is another.
    await launchFrom('device-launch-0001', CHANNEL);
    await launchFrom('device-launch-0002', CHANNEL);
    await launchFrom('device-launch-0003', 'Organic');
    expect(await launchedOn(finance, CHANNEL)).toBe(2);
    expect(await launchedOn(finance, 'Organic')).toBeGreaterThanOrEqual(1);
  });
});
