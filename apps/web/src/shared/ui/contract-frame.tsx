import { useEffect, useRef, useState } from 'react';
import './contract-frame.css';

/**
 * Nothing in the contract may load or run anything: no scripts (the sandbox), and no
 * request of any kind but inline styles and inline images (the policy).
 */
const FRAME_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";
const FRAME_HEAD = `<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}"><style>
html{-webkit-text-size-adjust:100%}
body{margin:0;padding:16px;font:15px/1.75 -apple-system,BlinkMacSystemFont,'PingFang TC','Noto Sans CJK TC','Noto Sans TC','Microsoft JhengHei',sans-serif;color:#1f2937;background:#fff;overflow-wrap:anywhere}
img,table{max-width:100%}table{border-collapse:collapse}td,th{border:1px solid #d7dde6;padding:4px 6px}
h1{font-size:20px}h2{font-size:17px}h3{font-size:15px}
</style>`;

/** The server's HTML as a document of its own, our policy and base style in its head. */
function contractDocument(html: string): string {
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}${FRAME_HEAD}`);
  return `<!doctype html><html lang="zh-Hant"><head>${FRAME_HEAD}</head><body>${html}</body></html>`;
}

/**
 * The contract as the server wrote it (the terms to sign, or the signed contract exactly
 * as stored), isolated in a sandboxed frame: no scripts, forms, popups or navigation of
 * the app, and the policy above. `allow-same-origin` (without `allow-scripts`, so the
 * contract itself can do nothing with it) lets the page size the frame to its content,
 * so the page scrolls as one and the end of the contract is the end of the frame. When
 * given, `onEnd` is called once the end has been seen.
 */
export function ContractFrame({
  html,
  title,
  onEnd,
  testId = 'contract-frame',
}: {
  html: string;
  title: string;
  onEnd?: () => void;
  testId?: string;
}) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  const [srcDoc] = useState(() => contractDocument(html));

  function fit(): void {
    const doc = frameRef.current?.contentDocument;
    if (!doc?.documentElement) return;
    setHeight(Math.ceil(doc.documentElement.scrollHeight));
  }

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    let observer: ResizeObserver | undefined;
    const onLoad = () => {
      fit();
      const body = frame.contentDocument?.body;
      if (body && typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => fit());
        observer.observe(body);
      }
    };
    frame.addEventListener('load', onLoad);
    if (frame.contentDocument?.readyState === 'complete' && frame.contentDocument.body?.childElementCount) onLoad();
    window.addEventListener('resize', fit);
    return () => {
      frame.removeEventListener('load', onLoad);
      window.removeEventListener('resize', fit);
      observer?.disconnect();
    };
  }, []);

  useEffect(() => {
    const end = endRef.current;
    if (!end || height === 0 || !onEnd) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onEnd();
        }
      },
      { threshold: 0, rootMargin: '0px 0px -48px 0px' },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [height, onEnd]);

  return (
    <div className="contract-frame">
      <iframe
        ref={frameRef}
        title={title}
        sandbox="allow-same-origin"
        referrerPolicy="no-referrer"
        srcDoc={srcDoc}
        style={{ height: height > 0 ? `${height}px` : '60vh' }}
        data-testid={testId}
      />
      {onEnd ? <div ref={endRef} className="contract-end" data-testid="contract-end" aria-hidden /> : null}
    </div>
  );
}
