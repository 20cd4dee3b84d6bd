import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { demoAboutUs } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

describe('about us page', () => {
  it('en: banner, title, the sanitised content and the store’s team from its data (photos or drawn initials)', async () => {
    const demo = demoAboutUs();
    await renderApp('/aboutus', { lng: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    const firstHeading = /<h2>(.*?)<\/h2>/.exec(demo.content.en)![1]!;
    expect(await screen.findByRole('heading', { name: firstHeading })).toBeInTheDocument();
    expect(screen.queryByText('No information yet.')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^About us \| /);
    const team = screen.getByTestId('team');
    expect(within(team).getByRole('heading', { level: 2, name: 'Our team' })).toBeInTheDocument();
    expect(
      within(team)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(demo.team.map((m) => m.name.en));
    expect(
      within(team)
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label') ?? img.getAttribute('alt')),
    ).toEqual(demo.team.map((m) => m.photo?.alt.en ?? `Avatar of ${m.name.en}`));
    const photo = within(team).getAllByRole('img')[0]!;
    expect(photo.tagName).toBe('IMG');
    expect(photo.getAttribute('src')).toMatch(/\/media\/[0-9a-f]{32}\.svg$/);
    const drawn = within(team).getByRole('img', { name: `Avatar of ${demo.team[3]!.name.en}` });
    const [first, last] = demo.team[3]!.name.en.split(' ');
    expect(drawn).toHaveTextContent(`${first![0]}${last![0]}`);
  });

  it('fa: an empty answer shows the translated no-info message and no team, and the call carries no token', async () => {
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
    // A store without a team: no team section at all.
    expect(screen.queryByTestId('team')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'تیم ما' })).toBeNull();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.url.includes('/fa/api/') && call.auth === null)).toBe(true);
  });
});
