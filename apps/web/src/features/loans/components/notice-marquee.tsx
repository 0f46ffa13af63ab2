import NoticeBar from 'antd-mobile/es/components/notice-bar';

/** antd-mobile's NoticeBar (scrolling text): its own chunk, after the first paint. */
export default function NoticeMarquee({ text }: { text: string }) {
  return <NoticeBar className="home-notice" content={text} color="info" />;
}
