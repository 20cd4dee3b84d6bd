import type { StaffRole } from '@storefront/contracts/admin';

/** An answer of the stubbed API: JSON with its status (no body when `body` is undefined). */
export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** `GET /session` for a signed-in staff member of `role` (`{role}@example.com`). */
export function sessionOf(role: StaffRole, staff: { id?: number; name?: string; email?: string } = {}) {
  return {
    staff: {
      id: staff.id ?? 7,
      email: staff.email ?? `${role}@example.com`,
      name: staff.name ?? 'Sara',
      role,
      active: true,
      totp_enabled: false,
      created_at: '2026-01-01T00:00:00Z',
    },
    csrf_token: 'tok',
  };
}

/** A review waiting for approval (GET /reviews's row). */
export const heldReview = {
  id: 5,
  product_id: 3,
  product_title: 'زعفران',
  name: 'Ali',
  email: 'ali@example.com',
  content: 'عالی بود',
  language: 'fa',
  status: 'held',
  creation_date: '2026-02-01T10:00:00Z',
};
