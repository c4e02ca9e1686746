import { useNavigate } from 'react-router';
import type { Banner } from '../api/content-queries';
import { bannerTarget, openOnTheWeb } from '../model/banner-link';

/** Banners without a picture get one of these backgrounds, in turn. */
const THEMES = 3;

function BannerFace({ banner, index }: { banner: Banner; index: number }) {
  if (banner.cover)
    return (
      <span className="app-banner-face app-banner-picture">
        <img src={banner.cover} alt="" />
        <span className="app-banner-caption">
          <bdi>{banner.title}</bdi>
        </span>
      </span>
    );
  return (
    <span className={`app-banner-face app-banner-theme-${index % THEMES}`}>
      <span className="app-banner-title">
        <bdi>{banner.title}</bdi>
      </span>
      <svg className="app-banner-art" viewBox="0 0 120 90" aria-hidden="true">
        <rect x="30" y="14" width="48" height="48" rx="12" transform="rotate(-14 54 38)" fill="#fff" fillOpacity="0.22" />
        <rect x="62" y="34" width="44" height="44" rx="11" transform="rotate(12 84 56)" fill="#fff" fillOpacity="0.9" />
        <circle cx="76" cy="48" r="4.5" fill="#1677ff" />
        <circle cx="92" cy="64" r="4.5" fill="#1677ff" />
        <circle cx="84" cy="56" r="4.5" fill="#ff3141" />
      </svg>
    </span>
  );
}

/** One banner: its picture, or a coloured card with its title; tapping opens what it links to. */
export function BannerSlide({ banner, index }: { banner: Banner; index: number }) {
  const navigate = useNavigate();
  const target = bannerTarget(banner.link);
  const face = <BannerFace banner={banner} index={index} />;
  if (!target)
    return (
      <div className="app-banner" data-testid="banner" data-id={banner.id}>
        {face}
      </div>
    );
  const open = () => (target.kind === 'web' ? openOnTheWeb(target.url) : void navigate(target.path));
  return (
    <button type="button" className="app-banner" onClick={open} aria-label={banner.title} data-testid="banner" data-id={banner.id}>
      {face}
    </button>
  );
}
