import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import enCommon from '../../public/locales/en/common.json';
import enPages from '../../public/locales/en/pages.json';
import enProduct from '../../public/locales/en/product.json';
import faCommon from '../../public/locales/fa/common.json';
import faPages from '../../public/locales/fa/pages.json';
import faProduct from '../../public/locales/fa/product.json';
import { TranslationProvider, Translator, useTranslation } from './translate.tsx';

const ALL = {
  fa: { common: faCommon, pages: faPages, product: faProduct },
  en: { common: enCommon, pages: enPages, product: enProduct },
};

describe('t', () => {
  it('reads nested keys of the default namespace, of `ns`, and of `ns:key`', () => {
    const i18n = new Translator('en', ALL);
    expect(i18n.t('siteTitle')).toBe('Store');
    expect(i18n.t('home.heading', { ns: 'pages', name: 'X' })).toBe('Welcome to X');
    expect(i18n.t('pages:home.heading', { name: 'X' })).toBe('Welcome to X');
    expect(i18n.getFixedT('en', 'pages')('home.heading', { name: 'Y' })).toBe('Welcome to Y');
  });

  it('writes `{{x, number}}` in the language’s digits and grouping, and a plain `{{x}}` as given', () => {
    expect(new Translator('fa', ALL).t('reviews.counter', { ns: 'product', count: 1234, max: 500 })).toBe(
      '۱٬۲۳۴ از ۵۰۰ نویسه',
    );
    expect(new Translator('en', ALL).t('reviews.counter', { ns: 'product', count: 1234, max: 500 })).toBe(
      '1,234 / 500 characters',
    );
    expect(new Translator('en', ALL).t('language.current', { name: 'English' })).toBe(
      enCommon.language.current.replace('{{name}}', 'English'),
    );
  });

  it('picks the plural form by Intl.PluralRules (`_one`, `_other`)', () => {
    const en = new Translator('en', ALL);
    expect(en.t('news.count', { ns: 'pages', count: 1 })).toBe('1 news post');
    expect(en.t('news.count', { ns: 'pages', count: 2 })).toBe('2 news posts');
    expect(en.t('news.count', { ns: 'pages', count: 0 })).toBe('0 news posts');
    const fa = new Translator('fa', ALL);
    expect(fa.t('news.count', { ns: 'pages', count: 12 })).toBe('۱۲ خبر');
  });

  it('falls back to Persian where English lacks a key or a namespace, else says the key', () => {
    const i18n = new Translator('en', {
      fa: { common: { only: 'فقط', nested: { deep: 'عمیق {{n, number}}' } }, news: { x: 'خبر' } },
      en: { common: { siteTitle: 'Store' } },
    });
    expect(i18n.t('siteTitle')).toBe('Store');
    // The fallback's text, the numbers in the language asked for (as i18next wrote them).
    expect(i18n.t('only' as 'siteTitle')).toBe('فقط');
    expect(i18n.t('nested.deep' as 'siteTitle', { n: 3 })).toBe('عمیق 3');
    expect(i18n.t('news:x' as 'siteTitle')).toBe('خبر');
    expect(i18n.t('missing.key' as 'siteTitle')).toBe('missing.key');
    expect(i18n.t('pages:missing' as 'siteTitle')).toBe('missing');
  });

  it('leaves a value not given as its placeholder, and one given as undefined empty (as i18next)', () => {
    const i18n = new Translator('en', { en: { common: { line: 'a {{x}} b {{y}} c' } } });
    expect(i18n.t('line' as 'siteTitle', { y: undefined })).toBe('a {{x}} b  c');
  });
});

describe('changeLanguage', () => {
  it('loads what the language lacks first, then switches and tells the listeners; the last switch wins', async () => {
    const asked: string[] = [];
    const release: (() => void)[] = [];
    const i18n = new Translator('fa', { fa: ALL.fa }, (language, namespace) => {
      asked.push(`${language}/${namespace}`);
      return new Promise((resolve) => {
        release.push(() => resolve((ALL.en as Record<string, Record<string, unknown>>)[namespace] ?? {}));
      });
    });
    const heard: string[] = [];
    i18n.on('languageChanged', (lng) => heard.push(lng));
    const toEnglish = i18n.changeLanguage('en');
    // Persian's news namespace was not given: it is asked for with English's four.
    expect(asked.sort()).toEqual(['en/common', 'en/news', 'en/pages', 'en/product', 'fa/news']);
    expect(i18n.language).toBe('fa');
    const backToPersian = i18n.changeLanguage('fa');
    for (const done of release) done();
    await Promise.all([toEnglish, backToPersian]);
    expect(heard).toEqual(['fa']);
    expect(i18n.language).toBe('fa');
    await i18n.changeLanguage('en-GB');
    expect(heard).toEqual(['fa', 'en']);
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('siteTitle')).toBe('Store');
    // Each namespace was asked for once.
    expect(asked).toHaveLength(5);
  });
});

describe('useTranslation', () => {
  function Heading() {
    const { t, i18n } = useTranslation('pages');
    return (
      <h1 lang={i18n.language}>
        {t('home.heading', { name: 'X' })} · {t('siteTitle', { ns: 'common' })}
      </h1>
    );
  }

  it('hydrates what the server rendered without a difference, and renders again after a switch', async () => {
    const tree = (i18n: Translator) => (
      <TranslationProvider i18n={i18n}>
        <Heading />
      </TranslationProvider>
    );
    // The server's translator and the browser's, as entry-server.tsx and main.tsx make them.
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree(new Translator('fa', ALL)));
    document.body.append(container);
    const i18n = new Translator('fa', ALL);
    const differences: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, tree(i18n), { onRecoverableError: (error) => differences.push(error) });
    });
    expect(differences).toEqual([]);
    expect(screen.getByRole('heading').textContent).toBe(
      `${faPages.home.heading.replace('{{name}}', 'X')} · ${faCommon.siteTitle}`,
    );
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading').textContent).toBe('Welcome to X · Store');
    expect(screen.getByRole('heading').getAttribute('lang')).toBe('en');
  });

  it('keeps the same `t` while the language stays', () => {
    const i18n = new Translator('en', ALL);
    expect(i18n.getFixedT('en', 'pages')).toBe(i18n.getFixedT('en', 'pages'));
    expect(i18n.getFixedT('en', 'pages')).not.toBe(i18n.getFixedT('fa', 'pages'));
  });
});
