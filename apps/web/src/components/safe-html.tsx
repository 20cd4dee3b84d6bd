import type { DOMPurify } from 'dompurify';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useBrowserValue } from '../lib/use-browser-value.ts';

/**
 * DOMPurify, loaded once in the browser when a page with content HTML first needs it (it is not in
 * any page's first load); null until it has come.
 */
let purifier: DOMPurify | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadPurifier(): Promise<void> {
  loading ??= import('dompurify').then(({ default: loaded }) => {
    purifier = loaded;
    for (const listener of listeners) listener();
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * HTML from content, sanitised again on render in the browser (the server sanitises on the way in,
 * with sanitize-html, on import and on every write). DOMPurify needs a DOM: in the server-side render
 * (entry-server.tsx) there is none, and the HTML goes out as the server stored it. A page hydrated
 * from the server keeps that HTML until DOMPurify has come; one the browser renders itself shows the
 * HTML only once sanitised.
 */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  // React reads the server snapshot only in the server render and while hydrating its markup.
  const hydrating = useBrowserValue(() => false, true);
  const [fromServer] = useState(hydrating);
  const purify = useSyncExternalStore(
    subscribe,
    () => purifier,
    () => null,
  );
  useEffect(() => {
    void loadPurifier();
  }, []);
  const clean = useMemo(() => {
    if (purify) return purify.isSupported ? purify.sanitize(html, { USE_PROFILES: { html: true } }) : html;
    return fromServer ? html : '';
  }, [html, purify, fromServer]);
  return <div className={`content-html ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
