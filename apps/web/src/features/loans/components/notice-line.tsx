import { lazy, Suspense } from 'react';

/** The scrolling bar comes after the first paint (see banner-carousel.tsx for why). */
const NoticeMarquee = lazy(() => import('./notice-marquee.tsx'));

/** The notices on one line: shown at once, scrolling once the bar has loaded. */
export function NoticeLine({ text }: { text: string }) {
  const still = (
    <p className="home-notice home-notice-still" role="note">
      {text}
    </p>
  );
  return (
    <Suspense fallback={still}>
      <NoticeMarquee text={text} />
    </Suspense>
  );
}
