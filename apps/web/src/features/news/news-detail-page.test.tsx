import type { Post } from '@storefront/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiOrigin } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { OTHER_NEWS, selectOtherNews } from './other-news.ts';

function post(id: number, date: string): Post {
  return {
    id,
    title: `Post ${id}`,
    content: '',
    preview_description: '',
    specific_content: '',
    creation_date: date,
    images: [],
  };
}

describe('selectOtherNews', () => {
  const all = [
    post(1, '2026-01-01T00:00:00Z'),
    post(2, '2026-03-01T00:00:00Z'),
    post(3, '2026-02-01T00:00:00Z'),
    post(4, '2026-05-01T00:00:00Z'),
    post(5, '2026-04-01T00:00:00Z'),
    post(6, '2026-04-01T00:00:00Z'),
  ];

  it('answers at most 4, newest first, never the current post', () => {
    expect(selectOtherNews(all, 4).map((p) => p.id)).toEqual([6, 5, 2, 3]);
    expect(selectOtherNews(all, 1).map((p) => p.id)).toEqual([4, 6, 5, 2]);
    expect(selectOtherNews(all, 99)).toHaveLength(OTHER_NEWS);
    expect(selectOtherNews(all.slice(0, 3), 2).map((p) => p.id)).toEqual([3, 1]);
  });

  it('is empty when the current post is the only one, and does not reorder its input', () => {
    expect(selectOtherNews([all[0]!], 1)).toEqual([]);
    const copy = [...all];
    selectOtherNews(all, 1);
    expect(all).toEqual(copy);
  });
});

describe('news detail page', () => {
  it('shows the post and up to 4 other news, newest first, without the current post', async () => {
    const list = (await (await fetch(`${apiOrigin()}/en/api/store/posts/`)).json()) as Post[];
    const current = list[1]!;
    await renderApp(`/news/${current.id}`, { lng: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: current.title })).toBeInTheDocument();
    expect(document.title).toMatch(
      new RegExp(`^${current.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `),
    );
    const other = await screen.findByTestId('other-news');
    const links = within(other)
      .getAllByRole('heading', { level: 3 })
      .map((h) => within(h).getByRole('link'));
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(OTHER_NEWS);
    const ids = links.map((a) => Number(/\/app\/news\/(\d+)$/.exec(a.getAttribute('href')!)?.[1]));
    expect(ids).not.toContain(current.id);
    expect(ids).toEqual(selectOtherNews(list, current.id).map((p) => p.id));
  });

  it('an unknown id shows the translated not-found state with a way back', async () => {
    await renderApp('/news/987654', { lng: 'fa' });
    expect(await screen.findByRole('heading', { level: 1, name: 'خبر پیدا نشد' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'بازگشت به فهرست اخبار' })).toHaveAttribute('href', '/app/news');
  });
});
