import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  newProduct,
  ProductEditorPage,
  type ProductEntity,
} from '../src/resources/products/product-editor-page.tsx';
import { json, sessionOf } from './api-answers.ts';
import { stubFetch, type Call } from './fetch-stub.ts';
import { writes } from './catalogue-answers.ts';
import { renderSignedIn } from './signed-in.tsx';

// The product's date field is a lazily loaded chunk (React Aria's date picker): load it once.
beforeAll(async () => {
  await import('../src/components/date-picker.tsx');
});

const saved: ProductEntity = {
  ...newProduct(),
  title: { fa: 'زعفران', en: 'Saffron' },
  published: true,
  creation_date: '2026-01-02T03:04:05.000Z',
};

function serve(answer: (call: Call) => Response | undefined = () => undefined) {
  return stubFetch((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.path === '/session') return json(200, sessionOf('editor'));
    if (call.method === 'GET' && call.path === '/catalogue/products/5')
      return json(200, { id: 5, version: 'v1', entity: saved });
    return undefined;
  });
}

const renderAt = (path: string) =>
  renderSignedIn(
    [
      { path: '/products/new', element: <ProductEditorPage /> },
      { path: '/products/:id', element: <ProductEditorPage /> },
    ],
    path,
  );

describe('the product editor', { timeout: 20_000 }, () => {
  it('creates a draft product with its stock, and reopens it under its id', async () => {
    const calls = serve((c) => (c.method === 'POST' ? json(201, { id: 6, version: 'v1' }) : undefined));
    const { router } = renderAt('/products/new');
    expect(await screen.findByRole('heading', { name: 'New product' })).toBeVisible();
    await userEvent.type(screen.getByLabelText(/^Title \(Persian\)/), 'پسته');
    const stock = screen.getByRole('spinbutton', { name: 'Inventory' });
    await userEvent.clear(stock);
    await userEvent.type(stock, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/6'));
    const [post] = writes(calls);
    expect(post).toMatchObject({
      method: 'POST',
      path: '/catalogue/products',
      body: { entity: { title: { fa: 'پسته' }, inventory: 12, published: false } },
    });
  });

  it('checks the price range before sending, and says so at the highest price', async () => {
    const calls = serve();
    renderAt('/products/new');
    await userEvent.type(await screen.findByLabelText(/^Title \(Persian\)/), 'پسته');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Lowest price' }), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const highest = screen.getByRole('spinbutton', { name: 'Highest price' });
    await waitFor(() => expect(highest).toHaveAttribute('aria-invalid', 'true'));
    expect(highest).toHaveAccessibleDescription('This value is out of range.');
    expect(writes(calls)).toEqual([]);
  });

  it('a published product links to its storefront page; a draft does not', async () => {
    serve();
    renderAt('/products/5');
    expect(await screen.findByRole('heading', { name: 'Edit product' })).toBeVisible();
    const preview = screen.getByRole('link', { name: 'Preview on the storefront' });
    expect(preview).toHaveAttribute('href', '/app/product/5');
    expect(preview).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'draft');
    expect(screen.queryByRole('link', { name: 'Preview on the storefront' })).toBeNull();
  });

  it('saves an edit with the version it loaded', async () => {
    const calls = serve((c) => (c.method === 'PUT' ? json(200, { id: 5, version: 'v2' }) : undefined));
    renderAt('/products/5');
    await userEvent.type(await screen.findByLabelText('Short description (English)'), 'Red gold');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/catalogue/products/5',
        query: {},
        body: { version: 'v1', entity: { ...saved, short_description: { fa: '', en: 'Red gold' } } },
      },
    ]);
  });
});
