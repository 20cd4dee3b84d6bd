import { ENQUIRY_DESCRIPTION_MAX, type Product } from '@storefront/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiOrigin, freshPhone } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { HOME_RECOMMENDED_LIMIT } from '../../lib/api/get-products.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { HOME_SECTIONS } from './components/recommended-sections.tsx';
import { WELCOME_HIDDEN_KEY } from './quick-request.ts';

const HEADINGS = {
  tejarat_khareji: 'Foreign trade',
  tejarat_dakheli: 'Domestic trade',
  khadamat_tejarat: 'Business services',
  amouzesh_tejarat: 'Business training',
} as const;

/** The home page with the welcome box shown again, its request form opened (the box's name and button per language). */
async function openWelcomeBox(lng: 'en' | 'fa') {
  window.sessionStorage.removeItem(WELCOME_HIDDEN_KEY);
  const app = await renderApp('/', { lng });
  const [name, open] = lng === 'en' ? ['Quick request', 'Send a request'] : ['درخواست سریع', 'ثبت درخواست'];
  const box = await screen.findByRole('complementary', { name });
  await app.user.click(within(box).getByRole('button', { name: open }));
  return { ...app, box };
}

async function recommended(): Promise<Product[]> {
  const response = await fetch(`${apiOrigin()}/en/api/store/products/?recommend=True/`);
  return (await response.json()) as Product[];
}

/** A new account's bearer token, through the real API. */
async function signUp(): Promise<string> {
  const username = freshPhone();
  const password = 'Saffron-Road-2026';
  const created = await fetch(`${apiOrigin()}/en/api/auth/users/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password, email: `${username}@example.com` }),
  });
  expect(created.status).toBe(201);
  const tokens = await fetch(`${apiOrigin()}/en/api/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return `Bearer ${((await tokens.json()) as { access: string }).access}`;
}

describe('home: recommended sections', () => {
  it('asks for a bounded page of the recommended products, never all of them', async () => {
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      fetched.push(input instanceof Request ? input.url : String(input));
      return realFetch(input, init);
    });
    try {
      await renderApp('/', { lng: 'en' });
      await screen.findByRole('heading', { name: 'Recommended products' });
    } finally {
      spy.mockRestore();
    }
    const recommendedCalls = fetched.filter((url) => /store\/products\/\?.*recommend=True/.test(url));
    expect(recommendedCalls.length).toBeGreaterThan(0);
    for (const url of recommendedCalls)
      expect(new URL(url, 'http://x').searchParams.get('limit')).toBe(String(HOME_RECOMMENDED_LIMIT));
  });

  it('shows one slider per flag that a recommended product has, with its products', async () => {
    const products = await recommended();
    await renderApp('/', { lng: 'en' });
    await screen.findByRole('heading', { name: 'Recommended products' });
    for (const { flag } of HOME_SECTIONS) {
      const expected = products.filter((product) => product[flag]);
      const heading = screen.queryByRole('heading', { level: 3, name: HEADINGS[flag] });
      if (expected.length === 0) {
        expect(heading).toBeNull();
        continue;
      }
      expect(heading).not.toBeNull();
      const section = heading!.closest('section')!;
      const titles = within(section)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent);
      expect(new Set(titles)).toEqual(new Set(expected.map((product) => product.title)));
    }
  });

  it('show liked: a visitor is asked to log in; a user sees only what they liked', async () => {
    const { user, unmount } = await renderApp('/', { lng: 'en' });
    await screen.findByRole('heading', { name: 'Recommended products' });
    await user.click(screen.getByRole('button', { name: 'Liked' }));
    expect(screen.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Log in to see the products you liked.')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 4 })).toHaveLength(0);
    unmount();

    const token = await signUp();
    const [first] = await recommended();
    const liked = await fetch(`${apiOrigin()}/en/api/store/products/${first!.id}/likes/`, {
      method: 'POST',
      headers: { Authorization: token },
    });
    expect(liked.status).toBe(201);
    tokenStore.set(token);
    try {
      const signedIn = await renderApp('/', { lng: 'en' });
      await screen.findByRole('heading', { name: 'Recommended products' });
      await signedIn.user.click(screen.getByRole('button', { name: 'Liked' }));
      await waitFor(() =>
        expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(
          // One card per section the product belongs to.
          HOME_SECTIONS.filter(({ flag }) => first![flag]).map(() => first!.title),
        ),
      );
      // The card shows the liked state.
      expect(screen.getAllByRole('button', { name: `Like ${first!.title}` })[0]).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await signedIn.user.click(screen.getByRole('button', { name: 'All' }));
      expect(screen.getAllByRole('heading', { level: 4 }).length).toBeGreaterThan(1);
    } finally {
      tokenStore.clear();
    }
  });

  it('liking on home really likes (201) and confirms with liked!', async () => {
    const token = await signUp();
    tokenStore.set(token);
    try {
      const { user } = await renderApp('/', { lng: 'en' });
      await screen.findByRole('heading', { name: 'Recommended products' });
      const card = screen.getAllByRole('article')[0]!;
      const title = within(card).getByRole('heading', { level: 4 }).textContent!;
      const button = within(card).getByRole('button', { name: `Like ${title}` });
      await user.click(button);
      expect(await screen.findByText('Liked!')).toBeInTheDocument();
      const likes = await fetch(`${apiOrigin()}/en/api/store/likes/`, { headers: { Authorization: token } });
      const products = (await recommended()).filter((p) => p.title === title).map((p) => p.id);
      expect(((await likes.json()) as { product: number }[]).map((l) => l.product)).toEqual(products);
    } finally {
      tokenStore.clear();
    }
  });

  it('a like without a token goes to /app/s', async () => {
    const { user, router } = await renderApp('/', { lng: 'en' });
    await screen.findByRole('heading', { name: 'Recommended products' });
    await user.click(within(screen.getAllByRole('article')[0]!).getByTestId('like-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/s'));
  });
});

describe('home: welcome box', () => {
  it('validates in the spec order, sends to product -1 and hides for the session', async () => {
    const { user, unmount, box } = await openWelcomeBox('en');
    const phone = within(box).getByLabelText('Mobile number');
    await waitFor(() => expect(phone).toHaveFocus());
    const send = within(box).getByRole('button', { name: 'Send request' });
    const message = within(box).getByTestId('quick-request-message');

    // 1. Email without @ (whatever the phone).
    await user.type(phone, '123');
    await user.type(within(box).getByLabelText('Email'), 'buyer.example.com');
    await user.click(send);
    expect(message).toHaveTextContent('Enter a valid email address.');
    expect(within(box).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // 2. Phone not starting with 09.
    await user.clear(within(box).getByLabelText('Email'));
    const email = `buyer-${Date.now()}@example.com`;
    await user.type(within(box).getByLabelText('Email'), email);
    await user.click(send);
    expect(message).toHaveTextContent('The mobile number must start with 09.');
    expect(phone).toHaveFocus();
    // 3. Not exactly 11 characters.
    await user.clear(phone);
    await user.type(phone, '0912123');
    await user.click(send);
    expect(message).toHaveTextContent('The mobile number must be 11 digits.');
    // A valid request is sent as an order of product -1.
    await user.clear(phone);
    const number = freshPhone();
    await user.type(phone, number);
    await user.type(within(box).getByLabelText('Description'), 'Ten boxes of saffron, please.');
    await user.click(send);
    expect(await screen.findByText('Your request was sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Quick request' })).toBeNull());
    expect(window.sessionStorage.getItem(WELCOME_HIDDEN_KEY)).toBe('1');
    // The keyboard is not lost with the box: it goes to the page.
    expect(document.getElementById('main')).toHaveFocus();
    unmount();

    // Hidden for the rest of the session.
    await renderApp('/', { lng: 'en' });
    await screen.findByRole('heading', { name: 'Recommended products' });
    expect(screen.queryByRole('complementary', { name: 'Quick request' })).toBeNull();
    window.sessionStorage.removeItem(WELCOME_HIDDEN_KEY);
  });

  it("a description over the server's limit is answered by its code: too long, never a password message", async () => {
    const { user, box } = await openWelcomeBox('en');
    await user.type(within(box).getByLabelText('Mobile number'), freshPhone());
    await user.type(within(box).getByLabelText('Email'), `long-${Date.now()}@example.com`);
    const description = within(box).getByLabelText('Description');
    await user.click(description);
    await user.paste('x'.repeat(ENQUIRY_DESCRIPTION_MAX + 1));
    await user.click(within(box).getByRole('button', { name: 'Send request' }));
    const alert = await within(box).findByText('This text is too long: at most 2,000 characters.');
    expect(alert).toBeInTheDocument();
    expect(within(box).queryByText(/password/i)).toBeNull();
    expect(description).toHaveAttribute('aria-invalid', 'true');
    window.sessionStorage.removeItem(WELCOME_HIDDEN_KEY);
  });

  it('closing hides it for the session; Persian messages in Persian', async () => {
    const { user, box } = await openWelcomeBox('fa');
    await user.type(within(box).getByLabelText('ایمیل'), 'a@b.ir');
    await user.type(within(box).getByLabelText('شمارهٔ همراه'), '۰۹۱۲');
    await user.click(within(box).getByRole('button', { name: 'ارسال درخواست' }));
    expect(within(box).getByTestId('quick-request-message')).toHaveTextContent('۱۱');
    await user.click(within(box).getByRole('button', { name: 'بستن' }));
    expect(screen.queryByRole('complementary', { name: 'درخواست سریع' })).toBeNull();
    expect(window.sessionStorage.getItem(WELCOME_HIDDEN_KEY)).toBe('1');
    window.sessionStorage.removeItem(WELCOME_HIDDEN_KEY);
  });
});

describe('home: banners', () => {
  it('a banner the business linked leads there (a store page inside the app); the others are pictures', async () => {
    await renderApp('/', { lng: 'en' });
    const first = await screen.findByRole('img', { name: 'Banner 1' });
    expect(first.closest('a')?.getAttribute('href')).toBe('/app/products');
    const second = screen.getByRole('img', { name: 'Banner 2' });
    expect(second.closest('a')).toBeNull();
  });
});
