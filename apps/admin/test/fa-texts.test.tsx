import type { StaffRole } from '@storefront/contracts/admin';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageListField } from '../src/components/image-field.tsx';
import { ProductImages } from '../src/resources/products/product-images.tsx';
import { PropertiesField } from '../src/resources/products/properties-field.tsx';
import { deviceLabel } from '../src/lib/device.ts';
import { createI18n } from '../src/lib/i18n.ts';
import { routes } from '../src/app/routes.tsx';
import { renderWithProviders } from './render.tsx';
import { json, sessionOf } from './api-answers.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

function stubApi(role: StaffRole = 'owner') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname.replace('/admin/api', '');
      if (path === '/session') return json(200, sessionOf(role));
      if (path === '/sessions')
        return json(200, [
          {
            id: 'a',
            created_at: '2026-11-20T10:00:00Z',
            last_seen_at: '2026-11-25T10:00:00Z',
            ip: '203.0.113.5',
            user_agent: CHROME_WINDOWS,
            current: true,
          },
          {
            id: 'b',
            created_at: '2026-11-21T10:00:00Z',
            last_seen_at: '2026-11-24T10:00:00Z',
            ip: '198.51.100.7',
            user_agent: SAFARI_IPHONE,
            current: false,
          },
          {
            id: 'c',
            created_at: '2026-11-21T10:00:00Z',
            last_seen_at: '2026-11-24T10:00:00Z',
            ip: '198.51.100.8',
            user_agent: '',
            current: false,
          },
        ]);
      if (path === '/enquiries/unread') return json(200, { unread: 0 });
      return json(404, { code: 'not_found', detail: '' });
    }),
  );
}

function renderAt(path: string, language: 'fa' | 'en') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />, language);
}

afterEach(() => vi.unstubAllGlobals());

describe('numbers in the labels of lists', () => {
  it('names images and properties with Persian digits in fa', () => {
    const images = ['/media/a.jpg', '/media/b.jpg'];
    renderWithProviders(
      <>
        <ProductImages value={images} onChange={() => undefined} />
        <ImageListField label="گالری" value={images} onChange={() => undefined} />
        <PropertiesField
          value={[
            { key: { fa: 'وزن', en: 'Weight' }, value: { fa: '۱ کیلو', en: '1 kg' } },
            { key: { fa: 'رنگ', en: 'Colour' }, value: { fa: 'قرمز', en: 'Red' } },
          ]}
          onChange={() => undefined}
        />
      </>,
      'fa',
    );
    expect(screen.getByLabelText('متن جایگزین تصویر ۲ (فارسی)')).toBeVisible();
    expect(screen.getByLabelText('متن جایگزین تصویر ۲ (انگلیسی)')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'حذف تصویر ۲' })).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'تصویر ۲' })).toBeVisible();
    const labels = [...document.querySelectorAll('label, [aria-label]')].map(
      (el) => `${el.textContent ?? ''} ${el.getAttribute('aria-label') ?? ''}`,
    );
    expect(labels.filter((text) => /[0-9]/.test(text.replace('1 kg', '')))).toEqual([]);
  });

  it('keeps Latin digits in en', () => {
    renderWithProviders(
      <ProductImages value={['/media/a.jpg', '/media/b.jpg']} onChange={() => undefined} />,
      'en',
    );
    expect(screen.getByLabelText('Image 2 alt text (Persian)')).toBeVisible();
  });
});

describe('the account page’s sessions', { timeout: 20_000 }, () => {
  it('names each session by browser and system, in Persian with Persian digits in fa', async () => {
    stubApi();
    renderAt('/account', 'fa');
    const table = await screen.findByRole('table', { name: 'دستگاه‌های واردشده' }, { timeout: 10_000 });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(cells).toEqual(['کروم ۱۳۱ روی ویندوز', 'سافاری ۱۷ روی آی‌اواس', 'مرورگر ناشناخته']);
    expect(table.textContent).not.toContain('Mozilla');
    expect(
      within(table).getByRole('button', { name: /سافاری ۱۷ روی آی‌اواس \(198\.51\.100\.7\)/ }),
    ).toBeVisible();
  });

  it('says “Chrome 131 on Windows” in en', async () => {
    stubApi();
    renderAt('/account', 'en');
    const table = await screen.findByRole('table', { name: 'Signed-in devices' }, { timeout: 10_000 });
    expect(within(table).getByRole('cell', { name: 'Chrome 131 on Windows' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: 'Safari 17 on iOS' })).toBeVisible();
  });

  it('parses the common browsers', () => {
    const fa = createI18n('fa');
    const en = createI18n('en');
    expect(deviceLabel(FIREFOX_LINUX, fa.t, 'fa')).toBe('فایرفاکس ۱۳۳ روی لینوکس');
    expect(deviceLabel(FIREFOX_LINUX, en.t, 'en')).toBe('Firefox 133 on Linux');
    expect(deviceLabel('curl/8.5.0', en.t, 'en')).toBe('Unknown browser');
  });
});

describe('the import and export page', { timeout: 20_000 }, () => {
  it.each(['fa', 'en'] as const)('speaks to a shop owner, without commands, in %s', async (language) => {
    stubApi('editor');
    renderAt('/transfer', language);
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    const text = document.querySelector('main')?.textContent ?? document.body.textContent ?? '';
    expect(text).not.toMatch(/npm|catalogue --|--\s*import/);
    // The upload's size limit, in the page's digits.
    expect(text).toContain(language === 'fa' ? '۵۰۰ مگابایت' : '500 megabytes');
  });
});
