import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../src/lib/api.ts';
import { routes } from '../src/app/routes.tsx';
import { renderWithProviders } from './render.tsx';
import { heldReview, json, sessionOf } from './api-answers.ts';
import { channelSettings } from './channel-answers.ts';

const mail = { configured: true, from: 'shop@example.com', pending: 0, failed: 0, last_error: null };
const review = heldReview;

/** An owner's back office with a stored setting that the PUT changes, as the server does. */
function stubApi(
  answer: (method: string, path: string, body: unknown) => Response | undefined = () => undefined,
) {
  let reviews: 'publish' | 'hold' = 'hold';
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname.replace('/admin/api', '');
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      const special = answer(method, path, body);
      if (special) return special;
      if (path === '/session') return json(200, sessionOf('owner', { id: 1, name: 'Omid' }));
      if (path === '/enquiries/unread') return json(200, { unread: 0 });
      if (path === '/account/notifications')
        return json(200, { language: 'fa', notify_enquiries: true, notify_reviews: false });
      if (path === '/settings' && method === 'PUT') {
        reviews = (body as { reviews: typeof reviews }).reviews;
        return json(200, { reviews, mail });
      }
      if (path === '/settings') return json(200, { reviews, mail });
      if (path === '/webhooks') return json(200, []);
      if (path === '/settings/channels') return json(200, channelSettings());
      if (path === '/deliveries' || path === '/reviews')
        return json(200, {
          count: path === '/reviews' ? 1 : 0,
          page: 1,
          results: path === '/reviews' ? [review] : [],
        });
      if (path === '/reviews/5') return json(200, { ...review, status: 'published' });
      if (path === '/catalogue/tags' && method === 'GET')
        return json(200, {
          count: 1,
          page: 1,
          results: [
            {
              id: 2,
              title: { fa: 'صادرات', en: 'Export' },
              published: true,
              missing_languages: [],
              image: null,
              parent: null,
              products: 0,
            },
          ],
        });
      if (path === '/catalogue/tags/2' && method === 'DELETE') return json(204, undefined);
      return json(404, { detail: 'Not found.', code: 'not_found' });
    }),
  );
  return calls;
}

function renderAt(path: string, language: 'fa' | 'en' = 'en') {
  setCsrfToken('tok');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />, language);
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

// Rendering the whole app (its routes load on first use) takes seconds on a busy machine.
describe('every save confirms, and errors name their field', { timeout: 20_000 }, () => {
  it('saving the review moderation says "Saved." in a live region, and the section stays', async () => {
    const calls = stubApi();
    renderAt('/settings');
    const section = await screen.findByRole('region', { name: 'Review moderation' }, { timeout: 5000 });
    const publish = await within(section).findByRole('radio', { name: 'Publish it at once' });
    await userEvent.click(publish);
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    const status = await within(section).findByText('Saved.', {}, { timeout: 5000 });
    expect(status.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/settings',
      body: { reviews: 'publish' },
    });
    // The same section, not a new one: it was not re-created by its own change.
    expect(section).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Review moderation' })).toBe(section);
    expect(within(section).getByRole('radio', { name: 'Publish it at once' })).toBeChecked();
    // A new choice takes the confirmation away until it is saved.
    await userEvent.click(within(section).getByRole('radio', { name: 'Hold it until it is approved' }));
    expect(within(section).queryByText('Saved.')).toBeNull();
  });

  it('the same in Persian', async () => {
    stubApi();
    renderAt('/settings', 'fa');
    const section = await screen.findByRole('region', { name: 'بازبینی نظرها' }, { timeout: 5000 });
    await userEvent.click(
      await within(section)
        .findAllByRole('radio')
        .then((r) => r[0]!),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'ذخیره' }));
    expect(await within(section).findByText('ذخیره شد.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'بازبینی نظرها' })).toBe(section);
  });

  it('a field error is shown at its field, and the alert names the field', async () => {
    stubApi((method, path) =>
      method === 'POST' && path === '/webhooks'
        ? json(400, {
            url: ['Enter a valid URL.'],
            code: 'validation_failed',
            codes: { url: ['url_invalid'] },
          })
        : undefined,
    );
    renderAt('/settings');
    const field = await screen.findByLabelText(/Address \(URL\)/, {}, { timeout: 5000 });
    await userEvent.type(field, 'ftp://nope');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'), { timeout: 5000 });
    expect(field).toHaveAccessibleDescription('Enter an http(s) address.');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Address (URL): Enter an http(s) address.',
    );
  });

  it('deleting from a list says it was deleted', async () => {
    const calls = stubApi();
    renderAt('/tags');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Export' }, { timeout: 5000 }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted.', {}, { timeout: 5000 })).toBeVisible();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/catalogue/tags/2')).toBe(true);
  });

  it('approving a review says what was done', async () => {
    stubApi();
    renderAt('/reviews', 'fa');
    await userEvent.click(await screen.findByRole('button', { name: 'تأیید نظر Ali' }, { timeout: 5000 }));
    expect(await screen.findByText('نظر Ali منتشر شد.')).toBeVisible();
  });
});
