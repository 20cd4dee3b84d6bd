import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { tokenStore } from '../../lib/token-store.ts';
import { safeReturnTarget } from './sign-in-page.tsx';

const ORIGIN = 'https://shop.example';

describe('safeReturnTarget', () => {
  it('accepts same-origin /app paths (as router paths) and router locations', () => {
    expect(safeReturnTarget('/app/product/3', ORIGIN)).toBe('/product/3');
    expect(safeReturnTarget('/app/news?x=1#top', ORIGIN)).toBe('/news?x=1#top');
    expect(safeReturnTarget('/app', ORIGIN)).toBe('/');
    expect(safeReturnTarget({ pathname: '/product/3', search: '?status=open', hash: '' }, ORIGIN)).toBe(
      '/product/3?status=open',
    );
  });

  it('refuses other origins, paths outside /app, tricks and the page itself', () => {
    for (const bad of [
      'https://evil.example/app/x',
      '//evil.example/app/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/app/../admin',
      '/apples',
      '/other/app',
      'app/product/1',
      '/app/s',
      '/app/login?next=/app/news',
      '/app/register',
      '/app/s/?next=/app',
      '/app/\nproduct',
      '',
      null,
      undefined,
      42,
      { pathname: '//evil.example' },
      '/app//evil.example',
      { pathname: 'product/1' },
      { pathname: '/s' },
    ]) {
      expect(safeReturnTarget(bad, ORIGIN), String(JSON.stringify(bad))).toBeNull();
    }
  });
});

describe('sign-in target page', () => {
  it('explains why and opens the login or register dialog for a signed-out visitor', async () => {
    const { user } = await renderApp('/s?next=/app/news', { lng: 'en' });
    expect(await screen.findByText(/You need an account to like products/)).toBeInTheDocument();
    expect(screen.getByText(/you go back to the page you were on/)).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your account' });
    expect(within(dialog).getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    expect(document.title).toMatch(/^Sign in to like products \| /);
  });

  it('a signed-in visitor goes back to a safe ?next= path', async () => {
    tokenStore.set('Bearer test-token');
    const { router } = await renderApp('/s?next=%2Fapp%2Fproducts%3Fx%3D1', { lng: 'en' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/products'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('a signed-in visitor goes back to the location in state.from', async () => {
    tokenStore.set('Bearer test-token');
    const { router } = await renderApp('/', { lng: 'en' });
    await router.navigate('/s', { state: { from: { pathname: '/aboutus', search: '', hash: '' } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/aboutus'));
  });

  it('an unsafe ?next= is ignored: the page stays and offers links instead', async () => {
    tokenStore.set('Bearer test-token');
    const { router } = await renderApp('/s?next=https%3A%2F%2Fevil.example%2Fapp', { lng: 'fa' });
    expect(await screen.findByText('شما وارد حساب خود شده‌اید.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/s');
    expect(screen.getByRole('link', { name: 'رفتن به صفحه اصلی' })).toHaveAttribute('href', '/app');
  });
});
