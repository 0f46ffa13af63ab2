import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import type { TBanner } from '@app/contract/schemas/loans.ts';
import { useHydrated } from '../../../shared/hooks/use-hydrated.ts';

/**
 * The carousel (antd-mobile's Swiper) brings 25 KB gzip of animation and gesture code:
 * the first banner is painted at once and the carousel replaces it when loaded, so the
 * loans page's first load stays within its budget.
 */
const BannerSwiper = lazy(() => import('./banner-swiper.tsx'));

/** An in-app route (`/pages/...`, also written `#/pages/...`), else null. */
function inAppRoute(linkUrl: string): string | null {
  const route = linkUrl.replace(/^#/, '');
  return route.startsWith('/pages/') ? route : null;
}

function isLink(linkUrl: string): boolean {
  return inAppRoute(linkUrl) !== null || /^https:\/\//.test(linkUrl);
}

/** An in-app route opens in the app; an https address opens in a new tab; anything else is not a link. */
export function useOpenLink() {
  const navigate = useNavigate();
  return (linkUrl: string) => {
    const route = inAppRoute(linkUrl);
    if (route) void navigate(route);
    else if (/^https:\/\//.test(linkUrl)) window.open(linkUrl, '_blank', 'noopener,noreferrer');
  };
}

export function BannerSlide({ banner, eager }: { banner: TBanner; eager: boolean }) {
  const open = useOpenLink();
  // A banner without an image is its title on the brand colour.
  const image = banner.imageUrl ? (
    <img className="home-banner-image" src={banner.imageUrl} alt={banner.title} loading={eager ? 'eager' : 'lazy'} draggable={false} />
  ) : (
    <span className="home-banner-text">{banner.title}</span>
  );
  return isLink(banner.linkUrl) ? (
    <button type="button" className="home-banner" onClick={() => open(banner.linkUrl)}>
      {image}
    </button>
  ) : (
    <div className="home-banner">{image}</div>
  );
}

/** The home page's banners; a single banner is shown as it is. */
export function BannerCarousel({ banners }: { banners: readonly TBanner[] }) {
  // The server's first view (and hydration) shows the first banner still; the carousel follows.
  const hydrated = useHydrated();
  const [first] = banners;
  if (!first) return null;
  const still = (
    <div className="home-banners">
      <BannerSlide banner={first} eager />
    </div>
  );
  if (banners.length === 1 || !hydrated) return still;
  return (
    <Suspense fallback={still}>
      <BannerSwiper banners={banners} />
    </Suspense>
  );
}
