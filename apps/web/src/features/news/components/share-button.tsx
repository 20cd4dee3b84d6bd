import { useState } from 'react';
import { useTranslation } from '../../../app/translate.tsx';
import { useHref } from 'react-router';
import { notify } from '../../../lib/toast.ts';

/** Copies through the Clipboard API, or the older selection copy where that API is missing. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

function LinkIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor">
      <path
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5"
      />
    </svg>
  );
}

/**
 * The news card's share button: copies the post's absolute link (/app/news/{id}) on click, Enter or
 * Space, and says so in the 'copied' toast; a refused clipboard shows the link to copy by hand.
 */
export function ShareButton({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation('news');
  const href = useHref(`/news/${id}`);
  const [busy, setBusy] = useState(false);

  const share = async () => {
    const url = new URL(href, window.location.origin).href;
    setBusy(true);
    try {
      await copyText(url);
      notify.success(t('copied', { ns: 'pages' }));
    } catch {
      notify.error(t('list.copyFailed', { url }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void share()}
      aria-label={t('list.shareNamed', { title })}
      aria-disabled={busy || undefined}
      title={t('list.shareHint')}
      data-share-url={href}
      className="inline-flex items-center gap-1.5 rounded-lg border border-sky-800 px-3 py-2 text-sm font-semibold text-sky-900 hover:bg-sky-50"
    >
      <LinkIcon />
      {t('list.share')}
    </button>
  );
}
