import { lazy, Suspense } from 'react';
import { useHydrated } from '../../../shared/hooks/use-hydrated.ts';

/** The scrolling bar comes after the first paint (see banner-carousel.tsx for why). */
const NoticeMarquee = lazy(() => import('./notice-marquee.tsx'));

/** The notices on one line: shown at once, scrolling once the bar has loaded. */
export function NoticeLine({ text }: { text: string }) {
  // The server's first view (and hydration) shows the line still; it scrolls once hydrated.
  const hydrated = useHydrated();
  const still = (
    <p className="home-notice home-notice-still" role="note">
      {text}
    </p>
  );
  if (!hydrated) return still;
  return (
    <Suspense fallback={still}>
      <NoticeMarquee text={text} />
    </Suspense>
  );
}
