/**
 * The notices (the warning against fraud among them), whole and still: wrapped over as
 * many lines as they need, never scrolling. A marquee could not be read to its end at
 * a glance, moved for ever with no way to stop it (WCAG 2.2.2) and kept the compositor
 * busy while the page sat open (decision 0180). The server's first view and the app draw
 * the same box, so hydration changes nothing.
 */
export function NoticeLine({ texts }: { texts: readonly string[] }) {
  return (
    <div className="home-notice" role="note">
      <svg className="home-notice-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 9h3l5-4v14l-5-4H4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        <path
          d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      <div className="home-notice-texts">
        {texts.map((text, index) => (
          <p key={index}>{text}</p>
        ))}
      </div>
    </div>
  );
}
