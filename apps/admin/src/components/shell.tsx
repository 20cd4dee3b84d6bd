import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage, toLanguage } from '../lib/i18n.ts';
import { useDocumentTitle } from '../components/ui.tsx';

/** Switches between Persian and English (remembered in local storage). */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  const current = toLanguage(i18n.language);
  const other = current === 'fa' ? 'en' : 'fa';
  return (
    <button
      type="button"
      lang={other}
      onClick={() => setLanguage(i18n, other)}
      className="rounded border border-slate-400 bg-white px-3 py-1 text-sm font-medium text-slate-900 hover:bg-slate-100"
    >
      {other === 'en' ? 'English' : 'فارسی'}
    </button>
  );
}

/** The frame of the pages before signing in: header, main. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b border-slate-300 bg-white px-4 py-3">
        <span className="font-bold">{t('appTitle')}</span>
        <LanguageSwitch />
      </header>
      <main id="main" className="mx-auto mt-10 max-w-md rounded border border-slate-300 bg-white p-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        {children}
      </main>
    </div>
  );
}
