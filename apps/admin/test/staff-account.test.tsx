import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, sessionOf } from './api-answers.ts';
import { renderAppAt, resetApp } from './app-at.tsx';
import { stubFetch, type Call } from './fetch-stub.ts';

/**
 * The API for an owner (id 1, two-factor off) unless `session` says otherwise: `answer` answers
 * first, then the session and the navigation's unread count. Every call is recorded.
 */
function stubApi(
  answer: (call: Call) => Response | undefined,
  session: unknown = sessionOf('owner', { id: 1, name: 'Omid' }),
) {
  return stubFetch((call) => {
    const special = answer(call);
    if (special) return special;
    if (call.path === '/session') return json(200, session);
    if (call.path === '/enquiries/unread') return json(200, { unread: 0 });
    return undefined;
  });
}

afterEach(resetApp);

const members = [
  {
    id: 1,
    email: 'owner@example.com',
    name: 'Omid',
    role: 'owner',
    active: true,
    totp_enabled: true,
    created_at: '2026-01-01T00:00:00Z',
  },
  {
    id: 3,
    email: 'sara@example.com',
    name: 'Sara',
    role: 'editor',
    active: true,
    totp_enabled: false,
    created_at: '2026-01-02T00:00:00Z',
  },
];

// Rendering the whole app (its routes load on first use) takes seconds on a busy machine.
describe('staff', { timeout: 20_000 }, () => {
  it('inviting: the link is shown once, to copy; a bad address is named at its field', async () => {
    // user-event's own clipboard, watched.
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const calls = stubApi(({ method, path, body }) => {
      if (path === '/staff') return json(200, members);
      if (method === 'POST' && path === '/staff/invites')
        return (body as { email: string }).email.includes('@')
          ? json(201, { link: 'https://shop.example/admin/invite/abc', expires_at: '2026-03-01T00:00:00Z' })
          : json(400, { code: 'validation_failed', codes: { email: ['email_invalid'] } });
      return undefined;
    });
    renderAppAt('/staff');
    const section = await screen.findByRole('region', { name: 'Invite a staff member' }, { timeout: 5000 });
    const email = within(section).getByLabelText(/^Email/);
    await user.type(email, 'nobody');
    await user.click(within(section).getByRole('button', { name: 'Create invitation' }));
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'), { timeout: 5000 });
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');

    await user.clear(email);
    await user.type(email, 'neda@example.com');
    await user.selectOptions(within(section).getByLabelText('Role'), 'Sales');
    await user.click(within(section).getByRole('button', { name: 'Create invitation' }));
    expect(await within(section).findByLabelText('Invitation link')).toHaveValue(
      'https://shop.example/admin/invite/abc',
    );
    expect(within(section).getByText(/Invitation created/)).toBeVisible();
    expect(email).toHaveValue('');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      email: 'neda@example.com',
      role: 'sales',
    });
    await user.click(within(section).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://shop.example/admin/invite/abc');
    expect(await within(section).findByRole('button', { name: 'Copied' })).toBeVisible();
  });

  it('a member is disabled from the list; one’s own row cannot be changed', async () => {
    let list = members;
    const calls = stubApi(({ method, path, body }) => {
      if (path === '/staff') return json(200, list);
      if (method === 'PATCH' && path === '/staff/3') {
        list = list.map((m) => (m.id === 3 ? { ...m, ...(body as object) } : m));
        return json(200, list[1]);
      }
      return undefined;
    });
    renderAppAt('/staff');
    const table = await screen.findByRole('table', { name: 'Staff members' }, { timeout: 5000 });
    expect(within(table).getByLabelText('Role of Omid')).toBeDisabled();
    expect(within(table).queryByRole('button', { name: 'Disable Omid' })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Disable Sara' }));
    expect(await screen.findByText('Saved.', {}, { timeout: 5000 })).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/staff/3',
      body: { active: false },
    });
    expect(await within(table).findByRole('button', { name: 'Enable Sara' })).toBeVisible();
  });
});

describe('my account', { timeout: 20_000 }, () => {
  it('ends another device’s session', async () => {
    const calls = stubApi(({ method, path }) => {
      if (path === '/sessions' && method === 'GET')
        return json(200, [
          {
            id: 'me',
            current: true,
            ip: '10.0.0.1',
            user_agent: '',
            created_at: '2026-01-01T00:00:00Z',
            last_seen_at: '2026-01-02T00:00:00Z',
          },
          {
            id: 'old/1',
            current: false,
            ip: '10.0.0.2',
            user_agent: '',
            created_at: '2026-01-01T00:00:00Z',
            last_seen_at: '2026-01-02T00:00:00Z',
          },
        ]);
      if (method === 'DELETE' && path === '/sessions/old%2F1') return json(204);
      return undefined;
    });
    renderAppAt('/account');
    const table = await screen.findByRole('table', { name: 'Signed-in devices' }, { timeout: 5000 });
    expect(within(table).getByText('This device')).toBeVisible();
    await userEvent.click(within(table).getByRole('button', { name: /^Sign out .*10\.0\.0\.2/ }));
    expect(await screen.findByText('The session was ended.', {}, { timeout: 5000 })).toBeVisible();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/sessions/old%2F1')).toBe(true);
  });

  it('turns two-factor on: a wrong code says so by its code, the right one shows the recovery codes', async () => {
    const calls = stubApi(({ method, path, body }) => {
      if (path === '/sessions') return json(200, []);
      if (method === 'POST' && path === '/totp/setup')
        return json(200, {
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Shop:owner?secret=JBSWY3DPEHPK3PXP',
        });
      if (method === 'POST' && path === '/totp/enable')
        return (body as { code: string }).code === '123456'
          ? json(200, { recovery_codes: ['aaaa-bbbb', 'cccc-dddd'] })
          : json(400, { detail: 'Wrong.', code: 'totp_invalid' });
      return undefined;
    });
    renderAppAt('/account');
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' }, { timeout: 5000 });
    await userEvent.click(within(section).getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await within(section).findByText('JBSWY3DPEHPK3PXP')).toBeVisible();
    const code = within(section).getByLabelText('Six-digit code');
    await userEvent.type(code, '000000');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The code is wrong or was already used.',
    );
    await userEvent.clear(code);
    await userEvent.type(code, ' 123456 ');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['aaaa-bbbb', 'cccc-dddd']);
    expect(within(section).getByText('Two-factor sign-in is on.')).toBeVisible();
    expect(within(section).queryByLabelText('Six-digit code')).toBeNull();
    expect(calls.filter((c) => c.path === '/totp/enable').map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });
});

describe('signing in', { timeout: 20_000 }, () => {
  it('asks for the two-factor code when the account needs it, without an error, then sends it', async () => {
    const calls = stubApi(({ method, path, body }) => {
      if (path === '/session' && method === 'GET')
        return json(401, { detail: 'No.', code: 'not_authenticated' });
      if (path === '/session' && method === 'POST')
        return (body as { code?: string }).code
          ? json(200, sessionOf('owner', { id: 1 }))
          : json(401, { detail: 'Code needed.', code: 'totp_required' });
      return undefined;
    });
    const router = renderAppAt('/sign-in?next=/staff');
    await userEvent.type(await screen.findByLabelText(/^Email/, {}, { timeout: 5000 }), 'owner@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText(/^Two-factor code/, {}, { timeout: 5000 });
    await vi.waitFor(() => expect(code).toHaveFocus());
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/staff'), { timeout: 5000 });
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      email: 'owner@example.com',
      password: 'secret password',
      code: '123456',
    });
  });

  it('a refused sign-in says why by its code; a next path outside the app is not followed', async () => {
    let refuse = true;
    stubApi(({ method, path }) => {
      if (path === '/session' && method === 'GET')
        return json(401, { detail: 'No.', code: 'not_authenticated' });
      if (path === '/session' && method === 'POST')
        return refuse
          ? json(401, { detail: 'No.', code: 'no_active_account' })
          : json(200, sessionOf('owner', { id: 1 }));
      return undefined;
    });
    const router = renderAppAt('/sign-in?next=//evil.example/');
    await userEvent.type(await screen.findByLabelText(/^Email/, {}, { timeout: 5000 }), 'owner@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The email or password is wrong, or the account is disabled.',
    );
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
  });
});
