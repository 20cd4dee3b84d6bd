import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * HTML from content, sanitised again on render in the browser (the server sanitises on the way in,
 * with sanitize-html, on import and on every write). DOMPurify needs a DOM: in the server-side render
 * (entry-server.tsx) there is none, and the HTML goes out as the server stored it.
 */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(
    () => (DOMPurify.isSupported ? DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }) : html),
    [html],
  );
  return <div className={`content-html ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
