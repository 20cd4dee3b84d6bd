import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavDropdownHelper } from './nav-dropdown-helper.tsx';

const entries = [
  {
    id: 1,
    products: [
      { id: 10, title: 'Saffron' },
      { id: 11, title: 'Barberry' },
    ],
  },
  { id: 2, products: [{ id: 20, title: 'Pistachio' }] },
];

function renderHelper(openId: number | null) {
  return render(
    <MemoryRouter basename="/app" initialEntries={['/app/']}>
      <NavDropdownHelper entries={entries} openId={openId} label="Products" />
    </MemoryRouter>,
  );
}

describe('NavDropdownHelper', () => {
  it('lists the products of the entry whose id matches the open one, each linking to its page', () => {
    renderHelper(1);
    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Saffron', '/app/product/10'],
      ['Barberry', '/app/product/11'],
    ]);
    expect(screen.queryByText('Pistachio')).toBeNull();
  });

  it('shows nothing when no entry is open or none matches', () => {
    const { container, rerender } = renderHelper(null);
    expect(container).toBeEmptyDOMElement();
    rerender(
      <MemoryRouter basename="/app" initialEntries={['/app/']}>
        <NavDropdownHelper entries={entries} openId={99} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
