import { Suspense, lazy } from 'react';
import type { Banner } from '../api/content-queries';
import { BannerSlide } from './banner-slide';

// The swiper brings an animation and a gesture library: it follows the page, which meanwhile shows the first banner.
const BannerSwiper = lazy(() => import('./banner-swiper'));

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [first] = banners;
  if (!first) return null;
  return (
    <section className="app-banners" data-testid="banners">
      {banners.length === 1 ? (
        <BannerSlide banner={first} index={0} />
      ) : (
        <Suspense fallback={<BannerSlide banner={first} index={0} />}>
          <BannerSwiper banners={banners} />
        </Suspense>
      )}
    </section>
  );
}
