import Swiper from 'antd-mobile/es/components/swiper';
import { useTranslation } from 'react-i18next';
import type { Banner } from '../api/content-queries';
import { prefersReducedMotion } from '../../../components/reduced-motion';
import { BannerSlide } from './banner-slide';
import { slidesInReadingOrder } from '../model/banner-order';

/** The seed's swiper turns every 3 s. */
export const BANNER_AUTOPLAY_MS = 3000;

/** Several banners, turning by themselves (unless the reader asked for less motion) and by swiping, round and round. */
export default function BannerSwiper({ banners }: { banners: Banner[] }) {
  const { i18n } = useTranslation();
  const rightToLeft = i18n.dir() === 'rtl';
  const { slides, firstIndex, autoplay } = slidesInReadingOrder(banners, rightToLeft);
  return (
    <Swiper
      // A new direction lays the slides out anew.
      key={rightToLeft ? 'rtl' : 'ltr'}
      className="app-banner-swiper"
      defaultIndex={firstIndex}
      autoplay={prefersReducedMotion() ? false : autoplay}
      autoplayInterval={BANNER_AUTOPLAY_MS}
      loop
      indicatorProps={{ color: 'white' }}
      data-testid="banner-swiper"
    >
      {slides.map((banner) => (
        <Swiper.Item key={banner.id}>
          <BannerSlide banner={banner} index={banners.indexOf(banner)} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
