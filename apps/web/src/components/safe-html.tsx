import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** HTML from content, sanitised again on render (the server sanitises on the way in). */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={`content-html ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
