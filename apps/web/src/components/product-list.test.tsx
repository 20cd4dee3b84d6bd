import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.tsx';

describe('product list page', () => {
  it('counts in Persian digits in fa, with breadcrumb and cards', async () => {
    const { user } = await renderApp('/products', { lng: 'fa' });
    expect(await screen.findByText(/^[۰-۹]+ محصول$/)).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'مسیر صفحه' });
    expect(within(crumbs).getByRole('link', { name: 'خانه' })).toHaveAttribute('href', '/app');
    expect(within(crumbs).getByText('محصولات')).toHaveAttribute('aria-current', 'page');
    const cards = screen.getAllByRole('article');
    expect(cards.length).toBeGreaterThan(1);
    const firstTitle = within(cards[0]!).getByRole('heading').textContent;
    // The sort toggle: oldest first by default, newest first after a click.
    await user.click(screen.getByRole('button', { name: /تاریخ انتشار/ }));
    await screen.findByRole('button', { name: /جدیدترین/ });
    const reordered = screen.getAllByRole('article');
    expect(within(reordered[0]!).getByRole('heading').textContent).not.toBe(firstTitle);
  });

  it('counts in Latin digits in en, and a card links to its page and to the request dialog', async () => {
    await renderApp('/products', { lng: 'en' });
    expect(await screen.findByText(/^\d+ products$/)).toBeInTheDocument();
    const card = screen.getAllByRole('article')[0]!;
    const title = within(card).getByRole('link', { name: within(card).getByRole('heading').textContent! });
    const id = /\/app\/product\/(\d+)$/.exec(title.getAttribute('href')!)?.[1];
    expect(id).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Call us' })).toHaveAttribute(
      'href',
      `/app/product/${id}?status=open`,
    );
  });
});
