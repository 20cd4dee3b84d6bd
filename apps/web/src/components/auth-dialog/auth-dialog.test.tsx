import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registeredUser } from '../../../test/accounts.ts';
import { freshPhone } from '../../../test/fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { page } from '../../lib/page.ts';
import { tokenStore } from '../../lib/token-store.ts';

describe('login / register dialog', () => {
  it('register: field errors under the fields, success switches to the login tab', async () => {
    const { user } = await renderPage('en');
    const phone = freshPhone();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Register' }));
    // The dialog's code loads on first use.
    const dialog = await screen.findByRole('dialog', { name: 'Your account' });
    expect(within(dialog).getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByLabelText('Repeat password')).toHaveAttribute('type', 'password');

    await user.type(within(dialog).getByLabelText('Mobile number'), phone);
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Password'), 'Pistachio-Harvest-77');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), `${phone}@example.com`);
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      await within(dialog).findByText('This password is too short: use at least 8 characters.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('The password must not be only digits.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(/too short/);
    expect(within(dialog).queryByText('Enter a valid email address.')).toBeNull();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Pistachio-Harvest-77');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(within(dialog).getByLabelText('Mobile number')).toHaveValue(phone);
    expect(await screen.findByText('You are registered. Now log in.')).toBeInTheDocument();

    // The same phone again: the duplicate is explained under the phone field.
    await user.click(within(dialog).getByRole('tab', { name: 'Register' }));
    await user.type(within(dialog).getByLabelText('Mobile number'), phone);
    await user.type(within(dialog).getByLabelText('Password'), 'Pistachio-Harvest-77');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      await within(dialog).findByText('A user with this mobile number is already registered.'),
    ).toBeInTheDocument();
  });

  it('login: wrong password shows NoActiveAccountFound; success stores the bearer token, toasts and reloads after 1000 ms', async () => {
    const password = 'Date-Palm-Grove-12';
    const { phone } = await registeredUser(password, 'fa');
    let reloadedAt = 0;
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {
      reloadedAt = Date.now();
    });
    const { user } = await renderPage('fa');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'ورود' }));
    const dialog = await screen.findByRole('dialog', { name: 'حساب کاربری' });
    expect(within(dialog).getByRole('tab', { name: 'ورود' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('checkbox', { name: 'مرا به خاطر بسپار' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'رمز عبور را فراموش کرده‌اید؟' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('شماره همراه'), phone);
    await user.type(within(dialog).getByLabelText('رمز عبور'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('حسابی با این شماره و رمز عبور پیدا نشد.')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();

    await user.clear(within(dialog).getByLabelText('رمز عبور'));
    await user.type(within(dialog).getByLabelText('رمز عبور'), password);
    const clicked = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('با موفقیت وارد شدید.')).toBeInTheDocument();
    expect(tokenStore.get()).toMatch(/^Bearer \S+$/);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(reloadedAt - clicked).toBeGreaterThanOrEqual(1000);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'حساب کاربری' })).toBeNull());
  });

  it('logout clears the token, goes home and shows the signed-out header', async () => {
    tokenStore.set('Bearer some-token');
    const { user, router } = await renderPage('en', '/news');
    const header = screen.getByRole('banner');
    await user.click(within(header).getByRole('button', { name: 'Log out' }));
    expect(tokenStore.get()).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/app\/?$/));
    expect(within(header).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it('a 401 answered to a stored token clears it and shows the signed-out header', async () => {
    tokenStore.set('Bearer expired-or-forged');
    await renderPage('en');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await expect(apiRequest('en', 'store/products/1/likes/', { method: 'POST' })).rejects.toMatchObject({
      status: 401,
    });
    expect(tokenStore.get()).toBeNull();
    expect(await within(header).findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('about-us and news calls go without the token; the others carry it', async () => {
    tokenStore.set('Bearer abc');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderPage('en', '/news');
    await screen.findAllByRole('button', { name: /^See more:/ });
    const calls = fetchSpy.mock.calls.map(([url, init]) => ({
      url: String(url),
      auth: new Headers(init?.headers).get('Authorization'),
    }));
    const posts = calls.find((c) => c.url.includes('/en/api/store/posts/'));
    const collections = calls.find((c) => c.url.includes('/en/api/store/collections/'));
    expect(posts?.auth).toBeNull();
    expect(collections?.auth).toBe('Bearer abc');
  });
});
