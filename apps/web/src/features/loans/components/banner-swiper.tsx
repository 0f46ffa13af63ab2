import { useState } from 'react';
import Swiper from 'antd-mobile/es/components/swiper';
import { BANNER_PAUSE, BANNER_PLAY } from '@app/contract/messages/loan-home.ts';
import type { TBanner } from '@app/contract/schemas/loans.ts';
import { prefersReducedMotion } from '../../../shared/ui/reduced-motion.ts';
import { BannerSlide } from './banner-carousel.tsx';

/**
 * antd-mobile's Swiper (with its animation and gesture libraries): its own chunk, after the
 * first paint. It turns by itself every 4 s, for as long as the page is open, so it carries a
 * control to pause it (WCAG 2.2.2, Pause, Stop, Hide), and starts paused where the phone
 * asks for reduced motion. Swiping by hand works either way.
 */
export default function BannerSwiper({ banners }: { banners: readonly TBanner[] }) {
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  return (
    <div className="home-banners-frame">
      <Swiper className="home-banners" autoplay={playing} loop autoplayInterval={4000}>
        {banners.map((banner, index) => (
          <Swiper.Item key={banner.id}>
            <BannerSlide banner={banner} eager={index === 0} />
          </Swiper.Item>
        ))}
      </Swiper>
      <button
        type="button"
        className="home-banners-toggle"
        aria-label={playing ? BANNER_PAUSE : BANNER_PLAY}
        data-testid="banner-toggle"
        onClick={() => setPlaying((now) => !now)}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true">
          {playing ? <path d="M4.5 3h2.5v10H4.5zM9 3h2.5v10H9z" fill="currentColor" /> : <path d="M5 3l8 5-8 5z" fill="currentColor" />}
        </svg>
      </button>
    </div>
  );
}
