/** @jsxRuntime classic */
/** @jsx React.createElement */
// The classic runtime (React.createElement) and nothing imported but React: the home page loads this
// module only once a request is sent, and a lazy module sharing other first-load modules (the JSX
// runtime, the app's helpers) makes the bundler move those into chunks of their own, which the first
// load then pays for (scripts/size-budget.ts). The translator and the digits come from the caller.
import type { TFunction } from '../app/translate.tsx';
import * as React from 'react';
import { useId, useRef, useState } from 'react';

/** The common namespace's translator (app/translate.tsx's `t`; a type, so nothing of it is imported). */
export type Translate = TFunction<'common'>;

/**
 * The reference a visitor is given for a request, as the server writes it (apps/server
 * modules/enquiries/repository.ts `enquiryReference`): the id padded to six digits, E-000042.
 */
export function enquiryReference(id: number): string {
  return `E-${String(id).padStart(6, '0')}`;
}

/** An order request's 201 (`follow_url` since issue 25) and what the visitor typed. */
export interface SentEnquiry {
  answer: { id: number; follow_url?: unknown };
  typed: { phone?: string | undefined; email?: string | undefined };
}

/**
 * The 201's follow link as this page can open and copy it, and whether the visitor's text message and
 * mail carry it too. The server writes it absolute on the address its notices use; a store that knows
 * no address yet (no PUBLIC_URL, no staff sign-in) gets the path alone, which is this site's, and its
 * notices go without a link. An older server leaves it out: then nothing is shown beyond the toast.
 */
export function followLinkOf(answer: SentEnquiry['answer']): { url: string; alsoSent: boolean } | null {
  const url = answer.follow_url;
  if (typeof url !== 'string') return null;
  if (/^https?:\/\//.test(url)) return { url, alsoSent: true };
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  return { url: new URL(url, window.location.origin).href, alsoSent: false };
}

/** Copies through the Clipboard API, else the older selection copy of the field itself. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  field?.select();
  if (!document.execCommand('copy')) throw new Error('copy refused');
}

/**
 * What a visitor sees once a request is sent (the product's request dialog, the home page's quick
 * request): its reference, the link to its private page ("follow your request", which opens it, and
 * the link itself in a read-only field with a copy button: for a visitor without an account it is
 * the only way back), and where else the link was sent (a signed-in user also finds the request in
 * "my requests", the header's link). The toast announces the sending; this stays until it is
 * closed. Nothing without a follow link.
 */
export function EnquirySent({
  sent: { answer, typed },
  onClose,
  t,
  digits,
  floating = false,
}: {
  sent: SentEnquiry;
  onClose: () => void;
  t: Translate;
  /** Digits in the page's language (Persian in fa). */
  digits: (value: string) => string;
  /** Floating at the bottom end of the window (where the home page's quick request was). */
  floating?: boolean;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const link = followLinkOf(answer);
  if (!link) return null;
  const { url } = link;
  const phone = digits(typed.phone?.trim() ?? '');
  const email = typed.email?.trim() ?? '';
  const sentTo = !link.alsoSent
    ? ''
    : phone && email
      ? t('enquirySent.sentByBoth', { phone, email })
      : phone
        ? t('enquirySent.sentBySms', { phone })
        : email
          ? t('enquirySent.sentByEmail', { email })
          : '';

  const onCopy = async () => {
    try {
      await copyText(url, field.current);
      setCopy('copied');
    } catch {
      // The field shows the link: selected, it is one keystroke from the clipboard.
      field.current?.select();
      setCopy('failed');
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="enquiry-sent"
      className={`rounded-2xl border border-emerald-300 bg-emerald-50 p-4 text-slate-900 ${
        floating
          ? 'fixed bottom-3 end-3 z-30 max-h-[85vh] w-[min(24rem,calc(100vw-1.5rem))] overflow-y-auto shadow-2xl'
          : 'mb-5'
      }`}
    >
      <div className="mb-2 flex items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="text-base font-bold">
          {t('enquirySent.title')}{' '}
          <bdi dir="ltr" className="whitespace-nowrap">
            {digits(enquiryReference(answer.id))}
          </bdi>
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-xl text-slate-700 hover:bg-slate-100"
        >
          <span aria-hidden="true">×</span>
          <span className="sr-only">{t('enquirySent.close')}</span>
        </button>
      </div>
      <p className="mb-3 text-sm text-slate-700">{t('enquirySent.followHelp')}</p>
      <a
        href={url}
        className="mb-3 inline-block rounded-lg bg-sky-800 px-4 py-2 font-semibold text-white hover:bg-sky-900"
      >
        {t('enquirySent.follow')}
      </a>
      <label htmlFor={`${id}-link`} className="mb-1 block text-sm font-medium text-slate-800">
        {t('enquirySent.linkLabel')}
      </label>
      <div className="flex gap-2">
        <input
          ref={field}
          id={`${id}-link`}
          readOnly
          dir="ltr"
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800"
        />
        <button
          type="button"
          onClick={() => void onCopy()}
          className="shrink-0 rounded-lg border border-sky-800 bg-white px-3 py-1.5 text-sm font-semibold text-sky-900 hover:bg-sky-50"
        >
          {t('enquirySent.copy')}
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-slate-700">
        {copy === 'copied' ? t('enquirySent.copied') : copy === 'failed' ? t('enquirySent.copyFailed') : ''}
      </p>
      {sentTo && <p className="mt-2 text-sm text-slate-700">{sentTo}</p>}
    </section>
  );
}
