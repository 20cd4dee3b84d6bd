import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { freshPhone } from '../../../../test/fixtures.ts';
import { renderApp } from '../../../../test/render.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/token-store.ts';
import { isInStock } from './availability-badge.tsx';
import { PREVIEW_MAX } from './preview-description.tsx';
import { REVIEW_LIMIT } from './review-form.tsx';
import { MASKED_PHONE, phoneState } from './supplier-panel.tsx';

async function openProduct(id: number | string, lng: 'fa' | 'en' = 'en') {
  const app = await renderApp(`/product/${id}`, { lng });
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return app;
}

async function signIn(): Promise<string> {
  const username = freshPhone();
  const password = 'Saffron-Harvest-2026';
  await apiRequest('en', 'auth/users/', {
    method: 'POST',
    body: { username, password, 'Email address': '' },
    auth: false,
  });
  const { access } = await apiRequest<{ access: string }>('en', 'auth/jwt/create/', {
    method: 'POST',
    body: { username, password },
    auth: false,
  });
  return access;
}

describe('product detail: preview description', () => {
  it('cuts a long preview at 1000 characters and adds the continued-below note', async () => {
    await openProduct(1);
    const preview = screen.getByTestId('preview-description');
    const text = preview.textContent ?? '';
    expect(PREVIEW_MAX).toBe(1000);
    // Product 1's preview is over 1500 characters: at most 1000 kept, then the ellipsis.
    expect(text.length).toBeLessThanOrEqual(PREVIEW_MAX + 1);
    expect(text.length).toBeGreaterThan(700);
    expect(text.endsWith('…')).toBe(true);
    expect(screen.getByText(/continued below/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read the full description' })).toBeInTheDocument();
  });

  it('shows a short preview whole, without the note', async () => {
    await openProduct(2);
    const text = screen.getByTestId('preview-description').textContent ?? '';
    expect(text.endsWith('…')).toBe(false);
    expect(screen.queryByText(/continued below/)).toBeNull();
  });

  it('in Persian the note is translated', async () => {
    await openProduct(1, 'fa');
    expect(screen.getByText(/ادامه در پایین/)).toBeInTheDocument();
    expect(document.title).not.toBe('');
  });
});

describe('product detail: availability', () => {
  it('is in stock only when the inventory is above 0', () => {
    expect(isInStock(1)).toBe(true);
    expect(isInStock(0)).toBe(false);
    expect(isInStock(-3)).toBe(false);
  });

  it('shows "In stock" for product 1 and "Unavailable" for product 3 (inventory 0)', async () => {
    const { unmount } = await openProduct(1);
    expect(screen.getByTestId('availability')).toHaveTextContent('In stock');
    expect(screen.getByTestId('price-range')).toHaveTextContent(/\d/);
    expect(document.title).toBe('Premium Sargol Saffron from Qaenat');
    unmount();
    await openProduct(3);
    expect(screen.getByTestId('availability')).toHaveTextContent('Unavailable');
  });

  it('formats the price with Persian digits in fa', async () => {
    await openProduct(1, 'fa');
    expect(screen.getByTestId('availability')).toHaveTextContent('موجود');
    expect(screen.getByTestId('price-range').textContent).toMatch(/[۰-۹]/);
    expect(screen.getByTestId('price-range').textContent).not.toMatch(/[0-9]/);
  });

  it('says «استعلام قیمت» / "Price on request" where a product has no price (demo product 24)', async () => {
    const { unmount } = await openProduct(24);
    expect(screen.getByTestId('price-range')).toHaveTextContent(/^Price on request$/);
    unmount();
    await openProduct(24, 'fa');
    expect(screen.getByTestId('price-range')).toHaveTextContent(/^استعلام قیمت$/);
  });

  it('uses the image alt texts the catalogue gives (demo product 1)', async () => {
    await openProduct(1);
    expect(await screen.findByAltText('A saffron flower with its red stigmas')).toBeInTheDocument();
  });
});

describe('product detail: supplier phone', () => {
  const industry = { id: 1, title: 'S', website: '', phone: null, has_phone: true };

  it('decides between none, masked and shown', () => {
    expect(phoneState({ ...industry, has_phone: false }, true)).toEqual({ kind: 'none' });
    expect(phoneState(industry, false)).toEqual({ kind: 'masked' });
    expect(phoneState(industry, true)).toEqual({ kind: 'masked' });
    expect(phoneState({ ...industry, phone: '02112345678' }, false)).toEqual({ kind: 'masked' });
    expect(phoneState({ ...industry, phone: '02112345678' }, true)).toEqual({
      kind: 'shown',
      phone: '02112345678',
    });
  });

  it('masks the phone for a visitor and offers to log in', async () => {
    await openProduct(1);
    const phone = screen.getByTestId('supplier-phone');
    expect(phone).toHaveAttribute('data-phone-state', 'masked');
    expect(phone).toHaveTextContent(MASKED_PHONE);
    expect(within(phone).getByRole('button', { name: 'Log in to see it' })).toBeInTheDocument();
  });

  it('says "no phone submitted" when the supplier has none (industry 8)', async () => {
    await openProduct(18);
    const phone = screen.getByTestId('supplier-phone');
    expect(phone).toHaveAttribute('data-phone-state', 'none');
    expect(phone).toHaveTextContent('No phone submitted');
  });

  it('shows the phone with a Bearer token, and masks it with a token that is not a bearer value', async () => {
    const access = await signIn();
    window.localStorage.setItem('token', access);
    const first = await openProduct(1);
    expect(screen.getByTestId('supplier-phone')).toHaveAttribute('data-phone-state', 'masked');
    first.unmount();

    tokenStore.set(access);
    expect(window.localStorage.getItem('token')).toMatch(/^Bearer /);
    await openProduct(1);
    const phone = screen.getByTestId('supplier-phone');
    await waitFor(() => expect(phone).toHaveAttribute('data-phone-state', 'shown'));
    expect(phone).not.toHaveTextContent(MASKED_PHONE);
    expect(within(phone).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^tel:\+?\d+/));
  });
});

describe('product detail: review form', () => {
  it('limits the review to 500 characters with a live counter', async () => {
    const { user } = await openProduct(2);
    await user.click(screen.getByRole('tab', { name: /Comments/ }));
    const textarea = await screen.findByLabelText('Your review');
    expect(REVIEW_LIMIT).toBe(500);
    expect(textarea).toHaveAttribute('maxLength', '500');
    const counter = screen.getByTestId('review-counter');
    expect(counter).toHaveTextContent('0 / 500 characters');

    await user.type(textarea, 'Great');
    expect(counter).toHaveTextContent('5 / 500 characters');

    // A 501-character paste keeps 500.
    fireEvent.change(textarea, { target: { value: 'x'.repeat(501) } });
    expect(textarea).toHaveValue('x'.repeat(500));
    expect(counter).toHaveTextContent('500 / 500 characters');
    expect(counter).toHaveTextContent('limit');

    // Typing at the limit adds nothing.
    await user.type(textarea, 'y');
    expect((textarea as HTMLTextAreaElement).value.length).toBe(500);
    expect(textarea).toHaveAccessibleDescription(/500 \/ 500/);
  });

  it('counts in Persian digits in fa', async () => {
    const { user } = await openProduct(2, 'fa');
    await user.click(screen.getByRole('tab', { name: /نظرات/ }));
    await user.type(await screen.findByLabelText('نظر شما'), 'عالی');
    expect(screen.getByTestId('review-counter')).toHaveTextContent('۴ از ۵۰۰ نویسه');
  });

  it('warns on failure with the reasons under the fields, confirms and refetches on success', async () => {
    const { user } = await openProduct(4);
    await user.click(screen.getByRole('tab', { name: /Comments/ }));
    const name = `Reviewer ${Date.now()}`;
    await user.type(await screen.findByLabelText('Name'), name);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Your review'), 'Fresh and well packed.');
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText(/Your email may be wrong/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your review')).toHaveValue('Fresh and well packed.');

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('Thank you! Your review was sent.')).toBeInTheDocument();
    expect(screen.queryByText(/Your email may be wrong/)).toBeNull();
    const list = await screen.findByTestId('review-list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(name));
    expect(screen.getByLabelText('Your review')).toHaveValue('');
  });

  it('tells the reviewer that a review held for the store’s check appears after it', async () => {
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (init?.method === 'POST' && url.includes('/reviews/')) {
        return new Response(
          JSON.stringify({
            id: 99,
            name: 'N',
            content: 'C',
            creation_date: '2026-11-25T10:00:00Z',
            status: 'held',
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        );
      }
      return realFetch(input, init);
    });
    try {
      const { user } = await openProduct(4);
      await user.click(screen.getByRole('tab', { name: /Comments/ }));
      await user.type(await screen.findByLabelText('Name'), 'Held reviewer');
      await user.type(screen.getByLabelText('Email'), 'held@example.com');
      await user.type(screen.getByLabelText('Your review'), 'Waiting for a check.');
      await user.click(screen.getByRole('button', { name: 'Send review' }));
      expect(
        await screen.findByText(
          'Thank you! Your review was sent. It will appear here after the store has checked it.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText('Thank you! Your review was sent.')).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('product detail: unknown id', () => {
  it('shows a translated not-found state with a way home', async () => {
    await openProduct(99999);
    expect(screen.getByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/app\/?$/),
    );
  });
});

describe('product detail: like', () => {
  it('sends a visitor to /app/s with the way back', async () => {
    const { user, router } = await openProduct(6);
    await user.click(screen.getByTestId('like-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/s'));
    // The way back is in the query (router state would not survive an islands page's document load).
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/app/product/6');
  });

  it('a token the server refuses signs the user out and says the session has ended', async () => {
    tokenStore.set('Bearer forged-or-expired');
    const { user } = await openProduct(6);
    await user.click(screen.getByTestId('like-button'));
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
    expect(screen.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
  });
});
