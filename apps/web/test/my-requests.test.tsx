import type { Enquiry, MyEnquiry, Product } from '@storefront/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { enquiryReference, followLinkOf } from '../src/components/enquiry-sent.tsx';
import { apiRequest } from '../src/lib/api-client.ts';
import { formatDate } from '../src/lib/format.ts';
import { tokenStore } from '../src/lib/token-store.ts';
import { freshPhone } from './fixtures.ts';
import { signedInUser } from './accounts.ts';
import { renderApp, renderPage } from './render.tsx';

/** An order request sent as the signed-in user (the stored token goes with it). */
function sendEnquiry(lang: 'fa' | 'en', productId: number, phone: string): Promise<Enquiry> {
  return apiRequest<Enquiry>(lang, `store/products/${productId}/orders/`, {
    method: 'POST',
    body: { phone, email: '', description: 'Twenty cartons, please.' },
  });
}

describe('my requests (/app/account/requests)', () => {
  it('signed out: the login page, with the way back to my requests', async () => {
    const { router } = await renderApp('/account/requests', { lng: 'en' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    const next = new URLSearchParams(router.state.location.search).get('next');
    expect(next).toBe('/app/account/requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
  });

  it('signed in with no request: says so and links to the products; the header links here', async () => {
    await signedInUser();
    const { user, router } = await renderPage('en', '/');
    const header = screen.getByRole('banner');
    await user.click(within(header).getByRole('link', { name: 'My requests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/account/requests'));
    expect(await screen.findByText('You have not sent a request while logged in yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the products' })).toHaveAttribute(
      'href',
      '/app/products',
    );
    expect(document.title).toMatch(/^My requests \| /);
  });

  it('lists the user’s requests, newest first: reference, product, status, date, quote and the follow link (en, LTR)', async () => {
    const { phone } = await signedInUser();
    const product = await apiRequest<Product>('en', 'store/products/2/');
    const first = await sendEnquiry('en', 2, phone);
    const second = await sendEnquiry('en', -1, phone);
    await renderApp('/account/requests', { lng: 'en' });
    const list = await screen.findByTestId('my-requests');
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    // The general request (sent second) comes first.
    expect(within(cards[0]!).getByRole('heading', { level: 2 })).toHaveTextContent('General request');
    expect(cards[0]).toHaveTextContent(enquiryReference(second.id));
    const card = cards[1]!;
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(product.title);
    expect(card).toHaveTextContent(enquiryReference(first.id));
    expect(within(card).getByTestId('request-status')).toHaveTextContent('Received');
    expect(card).toHaveTextContent(formatDate(first.creation_date, 'en'));
    expect(card).toHaveTextContent('None yet');

    // Its link is the one the API signed for this user.
    const mine = await apiRequest<{ results: MyEnquiry[] }>('en', 'store/enquiries/');
    const follow = within(card).getByRole('link', {
      name: `Follow your request ${enquiryReference(first.id)}`,
    });
    expect(follow).toHaveAttribute('href', mine.results.find((e) => e.id === first.id)!.follow_url);
    expect(follow.getAttribute('href')).toMatch(/\/app\/e\/[^/?]+\?lng=en$/);
  });

  it('in Persian: right to left, Persian digits and the Jalali date', async () => {
    const { phone } = await signedInUser();
    const sent = await sendEnquiry('fa', 2, phone);
    await renderApp('/account/requests', { lng: 'fa' });
    const list = await screen.findByTestId('my-requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'درخواست‌های من' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const card = within(list).getByRole('article');
    const persian = enquiryReference(sent.id).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    expect(card).toHaveTextContent(persian);
    expect(card).not.toHaveTextContent(/\d/);
    expect(within(card).getByTestId('request-status')).toHaveTextContent('دریافت شد');
    const date = formatDate(sent.creation_date, 'fa');
    // Jalali: a year of the 1400s in Persian digits.
    expect(date).toMatch(/۱۴[۰-۹]{2}/);
    expect(card).toHaveTextContent(date);
    expect(within(card).getByRole('link', { name: `پیگیری درخواست ${persian}` })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/app\/e\/[^/?]+\?lng=fa$/),
    );
  });

  it('signing out once the list is shown (the header’s logout, another tab’s): a note with the way back, no second navigation', async () => {
    await signedInUser();
    const { router } = await renderApp('/account/requests', { lng: 'en' });
    expect(await screen.findByText('You have not sent a request while logged in yet.')).toBeInTheDocument();
    act(() => tokenStore.clear());
    const note = await screen.findByRole('status', { name: '' });
    expect(note).toHaveTextContent('You have logged out: your requests are shown again once you log in.');
    // (The way back is the page's address: test/islands.test.tsx checks it, on a page's real location.)
    expect(within(note).getByRole('link', { name: 'Log in' }).getAttribute('href')).toMatch(
      /^\/app\/login\?next=/,
    );
    expect(router.state.location.pathname).toBe('/app/account/requests');
  });

  it('a token the server no longer accepts: signed out, so the login page', async () => {
    tokenStore.set('Bearer forged-or-expired');
    const { router } = await renderApp('/account/requests', { lng: 'en' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(tokenStore.get()).toBeNull();
  });
});

describe('the follow link after sending a request', () => {
  it('the product’s request dialog: the reference, the link to open and copy, until closed', async () => {
    const { user } = await renderPage('en', '/product/2');
    await user.click(screen.getByRole('button', { name: 'Request this product' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Mobile number'), freshPhone());
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const panel = await screen.findByTestId('enquiry-sent');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const heading = within(panel).getByRole('heading', { level: 2 });
    const reference = /E-\d{6}/.exec(heading.textContent ?? '')?.[0];
    expect(reference).toBeDefined();
    const follow = within(panel).getByRole('link', { name: 'Follow your request' });
    // The test server knows no public address: the server answers the path, shown on this origin.
    expect(follow.getAttribute('href')).toMatch(/^http:\/\/[^/]+\/app\/e\/[^/?]+\?lng=en$/);
    const field = within(panel).getByLabelText("Your request's link");
    expect(field).toHaveValue(follow.getAttribute('href'));

    await user.click(within(panel).getByRole('button', { name: 'Copy link' }));
    expect(await within(panel).findByText('Link copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(follow.getAttribute('href'));
    // Its notices went without a link (no address to write it on): nothing claims otherwise.
    expect(panel).not.toHaveTextContent(/also sent/);

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('enquiry-sent')).toBeNull();
  });

  it('the home page’s quick request: the panel floats where the box was (fa, Persian digits)', async () => {
    const { user } = await renderPage('fa', '/');
    const box = await screen.findByRole('complementary', { name: 'درخواست سریع' });
    await user.click(within(box).getByRole('button', { name: 'ثبت درخواست' }));
    await user.type(within(box).getByLabelText('شمارهٔ همراه'), freshPhone());
    await user.type(within(box).getByLabelText('توضیحات'), 'ده جعبه زعفران');
    // The box's own checks want an email (the spec's order: email, then the phone).
    await user.type(within(box).getByLabelText('ایمیل'), `buyer-${Date.now()}@example.com`);
    await user.click(within(box).getByRole('button', { name: 'ارسال درخواست' }));
    const panel = await screen.findByTestId('enquiry-sent');
    expect(screen.queryByRole('complementary', { name: 'درخواست سریع' })).toBeNull();
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent(/E-[۰-۹]{6}/);
    expect(within(panel).getByRole('link', { name: 'پیگیری درخواست شما' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/app\/e\/[^/?]+\?lng=fa$/),
    );
  });

  it('the 201’s link: absolute (the notices carry it too), a path on this site, or nothing', () => {
    expect(followLinkOf({ id: 1, follow_url: 'https://shop.example/app/e/abc?lng=fa' })).toEqual({
      url: 'https://shop.example/app/e/abc?lng=fa',
      alsoSent: true,
    });
    expect(followLinkOf({ id: 1, follow_url: '/app/e/abc?lng=en' })).toEqual({
      url: `${window.location.origin}/app/e/abc?lng=en`,
      alsoSent: false,
    });
    expect(followLinkOf({ id: 1 })).toBeNull();
    expect(followLinkOf({ id: 1, follow_url: '//elsewhere.example/x' })).toBeNull();
    expect(followLinkOf({ id: 1, follow_url: 'javascript:alert(1)' })).toBeNull();
    expect(enquiryReference(42)).toBe('E-000042');
  });
});
