import Swiper from 'antd-mobile/es/components/swiper';
import type { TBanner } from '@app/contract/schemas/loans.ts';
import { BannerSlide } from './banner-carousel.tsx';

/** antd-mobile's Swiper (with its animation and gesture libraries): its own chunk, after the first paint. */
export default function BannerSwiper({ banners }: { banners: readonly TBanner[] }) {
  return (
    <Swiper className="home-banners" autoplay loop autoplayInterval={4000}>
      {banners.map((banner, index) => (
        <Swiper.Item key={banner.id}>
          <BannerSlide banner={banner} eager={index === 0} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
