import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render.tsx';

describe('about us page', () => {
  it('en: banner, title, the sanitised content and five team cards with drawn avatars', async () => {
    await renderApp('/aboutus', { lng: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'About Arya Pars Trading Company' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('No information yet.')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^About us \| /);
    const team = screen.getByTestId('team');
    expect(within(team).getByRole('heading', { level: 2, name: 'Our team' })).toBeInTheDocument();
    expect(within(team).getAllByRole('heading', { level: 3 })).toHaveLength(5);
    const avatars = within(team).getAllByRole('img');
    expect(avatars).toHaveLength(5);
    expect(avatars[0]).toHaveAccessibleName('Avatar of Maryam Ahmadi');
  });

  it('fa: an empty answer shows the translated no-info message, and the call carries no token', async () => {
    window.localStorage.setItem('token', 'Bearer some-token');
    const realFetch = window.fetch.bind(window);
    const calls: { url: string; auth: string | null }[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/store/about-us/')) {
        calls.push({ url, auth: new Headers(init?.headers).get('Authorization') });
        return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      return realFetch(input, init);
    });
    await renderApp('/aboutus', { lng: 'fa' });
    expect(await screen.findByText('اطلاعاتی ثبت نشده است.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'درباره ما' })).toBeInTheDocument();
    expect(within(screen.getByTestId('team')).getAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.url.includes('/fa/api/') && call.auth === null)).toBe(true);
  });
});
