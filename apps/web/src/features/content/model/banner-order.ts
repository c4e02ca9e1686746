/**
 * The swiper's track runs left to right in every language. In right-to-left
 * reading the next banner should come from the left: the banners are laid
 * out reversed, it starts on the last slot (the first banner) and autoplay
 * runs backwards.
 */
export function slidesInReadingOrder<T>(banners: readonly T[], rightToLeft: boolean) {
  if (!rightToLeft) return { slides: [...banners], firstIndex: 0, autoplay: true as const };
  return { slides: [...banners].reverse(), firstIndex: banners.length - 1, autoplay: 'reverse' as const };
}
