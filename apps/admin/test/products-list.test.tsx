import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductsListPage } from '../src/resources/products/products-list-page.tsx';
import { json, sessionOf } from './api-answers.ts';
import { stubFetch, type Call } from './fetch-stub.ts';
import { entityRow, pageOf } from './catalogue-answers.ts';
import { renderSignedIn } from './signed-in.tsx';

const row = (id: number, published = true) =>
  entityRow(
    id,
    { fa: `محصول ${id}`, en: `Product ${id}` },
    { published, missing_languages: id % 2 ? ['en'] : [] },
  );

/**
 * The products API: 60 products, 25 a page (the page's rows numbered from its page), and the bulk
 * action answering `bulk` (2 changed by default). Returns the calls made.
 */
function serve(bulk: () => Response = () => json(200, { changed: 2 })) {
  return stubFetch(({ method, path, query }) => {
    if (path === '/session') return json(200, sessionOf('editor'));
    if (path === '/catalogue/products' && method === 'GET') {
      const page = Number(query.page ?? '1');
      return json(200, pageOf([row(page * 100 + 1), row(page * 100 + 2, false)], 60, page));
    }
    if (path === '/catalogue/collections/4')
      return json(200, { id: 4, version: 'v1', entity: { title: { fa: 'ادویه', en: 'Spices' } } });
    if (path === '/catalogue/products/bulk') return bulk();
    return undefined;
  });
}

/** Where the router is: the list keeps its filters and page in the URL. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}
const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');

const renderAt = (path: string) =>
  renderSignedIn(
    [
      {
        path: '/products',
        element: (
          <>
            <ProductsListPage />
            <Where />
          </>
        ),
      },
    ],
    path,
  );

const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/catalogue/products');
const lastList = (calls: Call[]) => listCalls(calls).at(-1)?.query;

describe('the products list', { timeout: 20_000 }, () => {
  it('asks for the page, search, sort and filters the URL holds, and shows them', async () => {
    const calls = serve();
    renderAt('/products?page=2&q=tile&sort=title&status=draft&collection=4');
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(lastList(calls)).toEqual({
      page: '2',
      page_size: '25',
      q: 'tile',
      sort: 'title',
      status: 'draft',
      collection: '4',
    });
    expect(within(table).getByRole('link', { name: 'Product 201' })).toHaveAttribute('href', '/products/201');
    expect(screen.getByRole('searchbox', { name: 'Search by title' })).toHaveValue('tile');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('draft');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('title');
    expect(await screen.findByText('Spices')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 3');
  });

  it('a row shows its status and whether its English is missing', async () => {
    serve();
    renderAt('/products');
    const table = await screen.findByRole('table', { name: 'Products' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Published');
    expect(first).toHaveTextContent('Not translated');
    expect(second).toHaveTextContent('Draft');
    expect(second).not.toHaveTextContent('Not translated');
  });

  it('pages through the list in the URL, keeping its filters', async () => {
    const calls = serve();
    renderAt('/products?status=published');
    await screen.findByRole('link', { name: 'Product 101' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: 'Product 201' });
    expect(where().get('page')).toBe('2');
    expect(where().get('status')).toBe('published');
    expect(lastList(calls)).toMatchObject({ page: '2', status: 'published' });
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('link', { name: 'Product 101' });
    expect(where().get('page')).toBe('1');
  });

  it('a new filter or search goes back to the first page', async () => {
    const calls = serve();
    renderAt('/products?page=3');
    await screen.findByRole('link', { name: 'Product 301' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'draft');
    await waitFor(() => expect(where().get('status')).toBe('draft'));
    expect(where().get('page')).toBeNull();
    await waitFor(() => expect(lastList(calls)).toMatchObject({ page: '1', status: 'draft' }));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), ' saffron {Enter}');
    await waitFor(() => expect(where().get('q')).toBe('saffron'));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ q: 'saffron', status: 'draft' }));
  });

  it('publishes the ticked products at once, says how many changed and reloads the list', async () => {
    const calls = serve();
    renderAt('/products');
    await screen.findByRole('link', { name: 'Product 101' });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Product 101' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Product 102' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('2 selected');
    const before = listCalls(calls).length;

    await userEvent.click(within(bar).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('2 products changed.')).toBeVisible();
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      path: '/catalogue/products/bulk',
      body: { ids: [101, 102], action: 'publish' },
    });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    // The selection is done with.
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('ticks a whole page, and deletes after confirming', async () => {
    const calls = serve();
    renderAt('/products');
    await screen.findByRole('link', { name: 'Product 101' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Product 102' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete selected' });
    expect(dialog).toHaveTextContent('2 products will be deleted. This cannot be undone.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete selected' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [101, 102], action: 'delete' }),
    );
  });

  it('says why a bulk action was refused, by its code', async () => {
    serve(() => json(403, { detail: 'You do not have permission.', code: 'forbidden' }));
    renderAt('/products');
    await screen.findByRole('link', { name: 'Product 101' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Product 101' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Your role does not allow this.')).toBeVisible();
    expect(screen.queryByText(/permission/)).toBeNull();
    // Nothing changed: the selection stays for another try.
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('1 selected');
  });
});
