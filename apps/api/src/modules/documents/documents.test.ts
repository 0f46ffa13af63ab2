import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_OK } from '@app/contract/envelope.ts';
import { DOCUMENT_KEYS } from '@app/contract/schemas/user.ts';
import { testServerPerFile } from '../../test/test-server.ts';
import { fillLenderDetails } from './fill-lender-details.ts';

/** Another deployment's lender: every document must follow the configuration, not a copy. */
const LENDER_ENV = {
  LENDER_NAME: '大同資融股份有限公司',
  LENDER_ADDRESS: '新北市板橋區中山路一段 161 號',
  LENDER_REGISTRATION_NO: '12345670',
  LENDER_SERVICE_PHONE: '02-2960-0000',
  LENDER_SERVICE_HOURS: '週一至週五 09:00-18:00',
};

const { server } = testServerPerFile({ env: LENDER_ENV });

describe('legal documents name the configured lender', () => {
  it.each(DOCUMENT_KEYS)('%s: the name, 統一編號 and address from the configuration, no other company, no placeholder', async (key) => {
    const result = await server.client.call(ENDPOINTS.commonDocument, { key });
    expect(result.envelope?.status).toBe(STATUS_OK);
    const html = (result.envelope?.body as { html: string }).html;
    expect(html).toContain(LENDER_ENV.LENDER_NAME);
    expect(html).toContain(`統一編號 ${LENDER_ENV.LENDER_REGISTRATION_NO}`);
    expect(html).toContain(LENDER_ENV.LENDER_ADDRESS);
    expect(html).not.toMatch(/小安(資|金)融/);
    expect(html).not.toContain('{{');
  });

  it('the terms and the privacy policy give the customer-service phone and hours', async () => {
    for (const key of ['user_agreement', 'privacy_policy'] as const) {
      const html = ((await server.client.call(ENDPOINTS.commonDocument, { key })).envelope?.body as { html: string }).html;
      expect(html).toContain(LENDER_ENV.LENDER_SERVICE_PHONE);
      expect(html).toContain(LENDER_ENV.LENDER_SERVICE_HOURS);
    }
  });

  it('the public configuration serves the same lender to the app', async () => {
    const result = await server.client.call(ENDPOINTS.commonConfig, {});
    expect(result.envelope?.body).toMatchObject({
      lender: {
        name: LENDER_ENV.LENDER_NAME,
        address: LENDER_ENV.LENDER_ADDRESS,
        registrationNo: LENDER_ENV.LENDER_REGISTRATION_NO,
        servicePhone: LENDER_ENV.LENDER_SERVICE_PHONE,
        serviceHours: LENDER_ENV.LENDER_SERVICE_HOURS,
      },
    });
  });
});

describe('fillLenderDetails', () => {
  it('fills only the lender placeholders and leaves other braces alone', () => {
    const lender = { name: 'N', address: 'A', registrationNo: 'R', servicePhone: 'P', serviceHours: 'H' };
    expect(
      fillLenderDetails(
        '{{lender.name}}/{{lender.address}}/{{lender.registrationNo}}/{{lender.servicePhone}}/{{lender.serviceHours}}/{{other}}',
        lender,
      ),
    ).toBe('N/A/R/P/H/{{other}}');
  });
});
