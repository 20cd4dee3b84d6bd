import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ListPage, type ListQueryState } from '../src/components/list-page.tsx';
import { SearchBox, useListParams } from '../src/components/list-controls.tsx';
import { ApiError } from '../src/lib/api.ts';
import { renderWithProviders } from './render.tsx';

interface Thing {
  id: number;
  name: string;
}

const things = (from: number, n: number): Thing[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, name: `Thing ${from + i}` }));

/** Where the router is: the list's state lives in the URL. */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

/**
 * A list of 25 things, 10 a page, that answers the URL's page and `q` (as a page's query would),
 * or the given state.
 */
function Things({
  state,
  bulk,
  section,
}: {
  state?: ListQueryState<Thing>;
  bulk?: boolean;
  /** A list inside a section of another page: no heading of its own. */
  section?: boolean;
}) {
  const { page, q, set } = useListParams();
  const [selected, setSelected] = useState<number[]>([]);
  const matching = things(1, 25).filter((t) => t.name.includes(q));
  const list: ListQueryState<Thing> = state ?? {
    isPending: false,
    error: null,
    data: { count: matching.length, results: matching.slice((page - 1) * 10, page * 10) },
  };
  return (
    <>
      <ListPage
        title={section ? undefined : 'Things'}
        label="Things"
        list={list}
        pageSize={10}
        sortable
        activeFilters={q ? 1 : 0}
        filters={<SearchBox key={q} value={q} onSearch={(v) => set({ q: v })} label="Search things" />}
        columns={[
          { key: 'name', header: 'Name', cell: (row) => row.name },
          { key: 'id', header: 'Number', cell: (row) => `#${row.id}`, className: 'whitespace-nowrap' },
        ]}
        selection={bulk ? { selected, onChange: setSelected, title: (row) => row.name } : undefined}
        bulk={<button type="button">Archive</button>}
      />
      <Search />
    </>
  );
}

function renderAt(ui: React.ReactElement, path = '/things') {
  const router = createMemoryRouter([{ path: '/things', element: ui }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, 'en');
  return router;
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1);

describe('ListPage', () => {
  it('shows the heading, the table and the page the URL names', () => {
    renderAt(<Things />, '/things?page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeVisible();
    expect(document.title).toContain('Things');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeVisible();
    expect(bodyRows().map((r) => r.textContent)).toEqual(things(11, 10).map((t) => `${t.name}#${t.id}`));
    expect(screen.getByText(/Page 2 of 3/)).toBeVisible();
    expect(screen.getByText(/25 items/)).toBeVisible();
  });

  it('keeps the page in the URL: next, previous, and the last page has no next', async () => {
    const user = userEvent.setup();
    renderAt(<Things />);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?page=2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?page=3');
    expect(bodyRows()).toHaveLength(5);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?page=2');
  });

  it('a filter goes to the URL and back to the first page; the sort is kept in the URL', async () => {
    const user = userEvent.setup();
    renderAt(<Things />, '/things?page=3');
    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), 'Thing 2');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // The page went: a filtered list starts at its first page.
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?q=Thing\+2$/);
    expect(bodyRows()).toHaveLength(7);
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'title');
    expect(screen.getByTestId('search')).toHaveTextContent('sort=title');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('title');
  });

  it('says when nothing matches, inside the table', () => {
    renderAt(<Things />, '/things?q=nothing-like-this');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole('cell', { name: 'Nothing found.' })).toHaveAttribute('colspan', '2');
    expect(screen.getByText(/Page 1 of 1/)).toBeVisible();
  });

  it('shows loading while the first answer is awaited, and no table or pages', () => {
    renderAt(<Things state={{ isPending: true, error: null }} />);
    expect(screen.getByText('Loading…')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows the error by its code', () => {
    const error = new ApiError(403, { detail: 'No.', code: 'forbidden' });
    renderAt(<Things state={{ isPending: false, error }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your role does not allow this.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('ticks rows for a bulk action: the bar counts them, the page box ticks them all, clear empties', async () => {
    const user = userEvent.setup();
    renderAt(<Things bulk />);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Thing 3' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('1 selected');
    expect(within(bar).getByRole('button', { name: 'Archive' })).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(bar).toHaveTextContent('10 selected');
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Thing 3' })).not.toBeChecked();
  });

  it('leaves the window where it is when paging a list that is a section of a longer page', async () => {
    const user = userEvent.setup();
    const router = renderAt(<Things section />);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?page=2');
    expect(router.state.preventScrollReset).toBe(true);
  });

  it('scrolls a page of its own back to the top', async () => {
    const user = userEvent.setup();
    const router = renderAt(<Things />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?page=2');
    expect(router.state.preventScrollReset).toBe(false);
  });
});
