import { useMemo } from 'react';
import { jsx } from 'react/jsx-runtime';
import DOMPurify from 'dompurify';
// src/components/safe-html.tsx
/**
 * HTML from content, sanitised again on render in the browser (the server sanitises on the way in,
 * with sanitize-html, on import and on every write). DOMPurify needs a DOM: in the server-side render
 * (entry-server.tsx) there is none, and the HTML goes out as the server stored it.
 */
function SafeHtml({ html, className = '' }) {
  const clean = useMemo(
    () => (DOMPurify.isSupported ? DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }) : html),
    [html],
  );
  return /* @__PURE__ */ jsx('div', {
    className: `content-html ${className}`,
    dangerouslySetInnerHTML: { __html: clean },
  });
}
export { SafeHtml as t };

//# sourceMappingURL=safe-html-DYIcg39A.js.map
