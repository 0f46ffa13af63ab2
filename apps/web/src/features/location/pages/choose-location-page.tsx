import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { TITLE_CHOOSE_LOCATION } from '@app/contract/messages/app-shell.ts';
import { ADDRESS_REQUIRED, COUNTY_INVALID } from '@app/contract/messages/onboarding.ts';
import * as T from '@app/contract/messages/onboarding-pages.ts';
import { ZSupplementUserInfoRequestSchema } from '@app/contract/schemas/onboarding.ts';
import { useCommonAddress } from '../../../shared/api/common-address.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import './location.css';
import { CountyDistrictItem } from '../../../shared/forms/county-district-item.tsx';

interface Values {
  place?: string[];
  address?: string;
}

type Locating =
  { state: 'idle' } | { state: 'busy' } | { state: 'failed'; message: string } | { state: 'found'; latitude: number; longitude: number };

/** The browser asks the user first; nothing is read unless they allow it. */
function useCurrentPosition() {
  const [locating, setLocating] = useState<Locating>({ state: 'idle' });
  function locate() {
    if (!('geolocation' in navigator)) {
      setLocating({ state: 'failed', message: T.LOCATION_UNSUPPORTED });
      return;
    }
    setLocating({ state: 'busy' });
    navigator.geolocation.getCurrentPosition(
      (position) => setLocating({ state: 'found', latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => setLocating({ state: 'failed', message: T.LOCATION_DENIED }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  }
  return { locating, locate };
}

/** /choose-location — a residential location: county, district, street address; the device's position when allowed. */
export default function ChooseLocationPage() {
  const navigate = useNavigate();
  const list = useCommonAddress();
  const { locating, locate } = useCurrentPosition();

  function onFinish(values: Values) {
    const [county = '', district = ''] = values.place ?? [];
    const query: Record<string, string> = {
      name: `${county}${district}`,
      address: `${county}${district}${values.address?.trim() ?? ''}`,
    };
    if (locating.state === 'found') {
      query.latitude = locating.latitude.toFixed(6);
      query.longitude = locating.longitude.toFixed(6);
    }
    void navigate(routeWithQuery(ROUTES.openLocation, query));
  }

  return (
    <StepPage title={TITLE_CHOOSE_LOCATION}>
      <QueryState query={list}>
        {(data) => (
          <Form
            mode="card"
            layout="horizontal"
            onFinish={onFinish}
            footer={
              <Button block type="submit" color="primary" size="large" shape="rounded">
                {T.LOCATION_CONFIRM}
              </Button>
            }
          >
            <CountyDistrictItem
              name="place"
              label={T.LOCATION_COUNTY_DISTRICT}
              rules={[{ required: true, message: COUNTY_INVALID }]}
              list={data}
            />
            <Form.Item
              name="address"
              label={T.LOCATION_ADDRESS}
              rules={[zodRule(ZSupplementUserInfoRequestSchema.shape.address), { required: true, message: ADDRESS_REQUIRED }]}
            >
              <Input placeholder={T.USER_INFO_ADDRESS_PLACEHOLDER} autoComplete="street-address" maxLength={128} />
            </Form.Item>
            <Form.Item>
              <div className="location-current">
                <Button size="small" shape="rounded" loading={locating.state === 'busy'} onClick={locate}>
                  <EnvironmentOutline /> {locating.state === 'busy' ? T.LOCATION_LOCATING : T.LOCATION_USE_CURRENT}
                </Button>
                {locating.state === 'found' ? (
                  <p className="location-coords" data-testid="location-coords">
                    {T.locationCoordinates(locating.latitude, locating.longitude)}
                  </p>
                ) : null}
                {locating.state === 'failed' ? (
                  <p className="location-error" role="alert">
                    {locating.message}
                  </p>
                ) : null}
              </div>
            </Form.Item>
          </Form>
        )}
      </QueryState>
    </StepPage>
  );
}
