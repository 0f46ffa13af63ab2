import { useNavigate, useSearchParams } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { TITLE_OPEN_LOCATION } from '@app/contract/messages/app-shell.ts';
import * as T from '@app/contract/messages/onboarding-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import './location.css';

interface Place {
  name: string;
  address: string;
  latitude?: number;
  longitude?: number;
}

function coordinate(value: string | null, limit: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
}

/** The location passed in the address (name, address, latitude, longitude), if any. */
function placeOf(params: URLSearchParams): Place | null {
  const name = params.get('name')?.trim() ?? '';
  const address = params.get('address')?.trim() ?? '';
  const latitude = coordinate(params.get('latitude'), 90);
  const longitude = coordinate(params.get('longitude'), 180);
  const hasPoint = latitude !== undefined && longitude !== undefined;
  if (!name && !address && !hasPoint) return null;
  return { name, address, ...(hasPoint ? { latitude, longitude } : {}) };
}

/** A Google Maps link: the exact point when known, else a search for the address. */
function mapUrl(place: Place): string {
  const query =
    place.latitude !== undefined && place.longitude !== undefined ? `${place.latitude},${place.longitude}` : place.address || place.name;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** /open-location — one stored location and a link that opens it on a map. */
export default function OpenLocationPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const place = placeOf(params);
  return (
    <StepPage title={TITLE_OPEN_LOCATION}>
      {place ? (
        <section className="location-card" data-testid="open-location">
          <EnvironmentOutline className="location-pin" aria-hidden />
          <h2 className="location-name">{place.name || place.address}</h2>
          {place.address && place.address !== place.name ? <p className="location-address">{place.address}</p> : null}
          {place.latitude !== undefined && place.longitude !== undefined ? (
            <p className="location-coords">{T.locationCoordinates(place.latitude, place.longitude)}</p>
          ) : null}
          <a className="location-map-link" href={mapUrl(place)} target="_blank" rel="noopener noreferrer">
            {T.LOCATION_OPEN_MAP}
          </a>
        </section>
      ) : (
        <EmptyState title={T.LOCATION_EMPTY} description={T.LOCATION_EMPTY_HINT} icon={<EnvironmentOutline />}>
          <Button color="primary" shape="rounded" onClick={() => navigate(ROUTES.chooseLocation)}>
            {T.LOCATION_CHOOSE}
          </Button>
        </EmptyState>
      )}
    </StepPage>
  );
}
