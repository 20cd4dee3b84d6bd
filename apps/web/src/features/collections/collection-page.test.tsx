import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';

describe('collection page', () => {
  it('shows the products of a subcollection', async () => {
    await renderApp('/collections/search/Pistachios', { lng: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Products of Pistachios' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/^\d+ products?$/)).not.toHaveTextContent(/^0 /);
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
  });

  it('shows the products of a collection, as linked from the header and footer', async () => {
    await renderApp(`/collections/search/${encodeURIComponent('Nuts & Dried Fruit')}`, { lng: 'en' });
    expect(await screen.findByText(/^\d+ products?$/)).not.toHaveTextContent(/^0 /);
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
  });
});
