import type { EnquiryMessage } from '@storefront/contracts';
import type { EnquiryDetail, EnquiryEvent } from '@storefront/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { EnquiryThread } from '../src/resources/enquiries/enquiry-thread.tsx';
import { EnquiryTimeline } from '../src/resources/enquiries/enquiry-timeline.tsx';
import { json } from './api-answers.ts';
import { stubFetch, type Call } from './fetch-stub.ts';
import { renderSignedIn } from './signed-in.tsx';

/**
 * The enquiry's thread in the back office (issue 25): the messages oldest first with who wrote them,
 * when (Jalali in fa) and their files; a reply as JSON, or with a file as multipart carrying the
 * CSRF header; the file's refusals said at the file; "Sent." and the thread asked again. Also the
 * timeline's quote events in words.
 */

const visitorMessage: EnquiryMessage = {
  id: 1,
  at: '2026-03-10T08:00:00Z',
  author: 'visitor',
  author_name: '',
  body: 'How much for 5 tons?',
  attachment: { id: 3, name: 'spec.pdf', type: 'application/pdf', size: 2 * 1024 * 1024 },
};
const staffMessage: EnquiryMessage = {
  id: 2,
  at: '2026-03-11T09:30:00Z',
  author: 'staff',
  author_name: 'Sara',
  body: 'A quote follows today.',
  attachment: null,
};

/** The thread's API: the messages as they stand, a reply appended (JSON); `answer` answers first. */
function stubThread(answer: (call: Call) => Response | undefined = () => undefined) {
  const messages = [visitorMessage, staffMessage];
  const calls = stubFetch((call) => {
    const special = answer(call);
    if (special) return special;
    if (call.path !== '/enquiries/12/messages') return undefined;
    if (call.method === 'GET') return json(200, { results: messages });
    const posted: EnquiryMessage = {
      id: 10 + messages.length,
      at: '2026-03-12T10:00:00Z',
      author: 'staff',
      author_name: 'Reza',
      body: (call.body as { body: string }).body,
      attachment: null,
    };
    messages.push(posted);
    return json(201, posted);
  });
  return { calls, messages };
}

/** XMLHttpRequest as the multipart reply uses it: records what was sent and answers `status`/`body`. */
function fakeXhr(status: number, body: unknown) {
  const sent: { method: string; url: string; headers: Record<string, string>; form: FormData }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    send(form: FormData) {
      sent.push({ ...this.request, form });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      this.status = status;
      this.responseText = JSON.stringify(body);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const pdf = (name: string, size = 10) =>
  new File([new Uint8Array(size).fill(37)], name, { type: 'application/pdf' });

const renderThread = (language: 'fa' | 'en' = 'en') =>
  renderSignedIn(
    [{ path: '/enquiries/:id', element: <EnquiryThread enquiryId={12} /> }],
    '/enquiries/12',
    language,
  );

describe('the enquiry thread', { timeout: 20_000 }, () => {
  it('lists the messages oldest first: who, when, what, and the file as a download link', async () => {
    stubThread();
    const { container } = renderThread();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Visitor');
    expect(items[0]).toHaveTextContent('How much for 5 tons?');
    expect(items[1]).toHaveTextContent('Staff · Sara');
    expect(items[1]).toHaveTextContent('A quote follows today.');
    const link = within(items[0]!).getByRole('link', { name: 'spec.pdf' });
    expect(link).toHaveAttribute('href', '/admin/api/enquiries/12/attachments/3');
    expect(items[0]).toHaveTextContent('(PDF, 2 megabytes)');
    expect(within(items[0]!).getByText(/2026/)).toHaveAttribute('datetime', visitorMessage.at);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('in fa: Jalali dates with Persian digits, Persian words', async () => {
    stubThread();
    renderThread('fa');
    const list = await screen.findByRole('list', { name: 'پیام‌ها' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('بازدیدکننده');
    // 10 March 2026 is 19 Esfand 1404.
    expect(items[0]).toHaveTextContent('۱۴۰۴');
    expect(items[0]).toHaveTextContent('اسفند');
    expect(items[0]).not.toHaveTextContent('2026');
    expect(items[0]).toHaveTextContent('۲ مگابایت');
  });

  it('a text reply goes as JSON; "Sent.", the form emptied and the new message in the thread', async () => {
    const { calls } = stubThread();
    renderThread();
    await screen.findByRole('list', { name: 'Messages' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your reply'), 'Sent you v1.');
    await userEvent.click(send);
    expect(await screen.findByText('Sent. The visitor is told by SMS or email.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/enquiries/12/messages',
      body: { body: 'Sent you v1.' },
    });
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[2]).toHaveTextContent('Staff · Reza');
    expect(items[2]).toHaveTextContent('Sent you v1.');
    // And it asked for the thread again after sending.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/enquiries/12/messages').length).toBe(2),
    );
  });

  it('a reply with a file goes as multipart with the CSRF header', async () => {
    const { messages } = stubThread();
    const reply: EnquiryMessage = {
      ...staffMessage,
      id: 30,
      body: 'The drawing',
      attachment: { id: 9, name: 'drawing.pdf', type: 'application/pdf', size: 10 },
    };
    const sent = fakeXhr(201, reply);
    renderThread();
    await screen.findByRole('list', { name: 'Messages' });
    await userEvent.type(screen.getByLabelText('Your reply'), 'The drawing');
    await userEvent.upload(screen.getByLabelText('Attach a file (optional)'), pdf('drawing.pdf'));
    messages.push(reply);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent. The visitor is told by SMS or email.')).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/admin/api/enquiries/12/messages' });
    expect(sent[0]!.headers['x-csrf-token']).toBe('tok');
    expect(sent[0]!.form.get('body')).toBe('The drawing');
    expect((sent[0]!.form.get('attachment') as File).name).toBe('drawing.pdf');
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(within(list).getByRole('link', { name: 'drawing.pdf' })).toHaveAttribute(
      'href',
      '/admin/api/enquiries/12/attachments/9',
    );
    expect((screen.getByLabelText('Attach a file (optional)') as HTMLInputElement).files).toHaveLength(0);
  });

  it('a file the server refuses is said at the file, in the staff member’s language; the text stays', async () => {
    stubThread();
    fakeXhr(400, { detail: 'Not an image or a PDF.', code: 'attachment_invalid' });
    renderThread('fa');
    await screen.findByRole('list', { name: 'پیام‌ها' });
    await userEvent.type(screen.getByLabelText('پاسخ شما'), 'نقشه');
    const file = screen.getByLabelText('پیوست فایل (اختیاری)');
    await userEvent.upload(file, pdf('x.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'فرستادن' }));
    await waitFor(() => expect(file).toHaveAttribute('aria-invalid', 'true'));
    expect(file).toHaveAccessibleDescription(/فایل باید تصویر \(JPEG، PNG یا WebP\) یا PDF باشد\./);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('پاسخ شما')).toHaveValue('نقشه');
  });

  it('a file over 5 MB is refused before sending; too_large from the server is said at the file too', async () => {
    stubThread();
    const sent = fakeXhr(413, { detail: 'Too large.', code: 'attachment_too_large' });
    renderThread();
    await screen.findByRole('list', { name: 'Messages' });
    await userEvent.type(screen.getByLabelText('Your reply'), 'Here');
    const file = screen.getByLabelText('Attach a file (optional)');
    await userEvent.upload(file, pdf('big.pdf', 5 * 1024 * 1024 + 1));
    expect(file).toHaveAccessibleDescription(/The file is larger than 5 MB\./);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.upload(file, pdf('small.pdf'));
    expect(file).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(file).toHaveAccessibleDescription(/The file is larger than 5 MB\./));
    expect(sent).toHaveLength(1);
  });
});

const quoteEvent = (id: number, quote: EnquiryEvent['quote']): EnquiryEvent => ({
  id,
  at: '2026-03-12T10:00:00Z',
  staff: { id: null, email: '', name: '' },
  kind: 'quote',
  note: null,
  from: null,
  to: null,
  from_name: null,
  to_name: null,
  quote,
});

describe('the timeline’s quote events', () => {
  const detail = {
    enquiry: { id: 12 },
    product: null,
    others: [],
    events: [
      quoteEvent(1, { action: 'sent', number: 1 }),
      quoteEvent(2, { action: 'sent', number: 2 }),
      quoteEvent(3, { action: 'accepted', number: 2 }),
      quoteEvent(4, { action: 'declined', number: 3 }),
      quoteEvent(5, { action: 'reissued', number: 4 }),
    ],
  } as unknown as EnquiryDetail;

  it('says what happened to which version, in en and fa', () => {
    stubFetch(() => undefined);
    const { unmount } = renderSignedIn([{ path: '/', element: <EnquiryTimeline detail={detail} /> }], '/');
    const timeline = screen.getByRole('list', { name: 'Notes and history' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Quote v1 sent');
    expect(items[1]).toHaveTextContent('Quote v2 sent');
    expect(items[2]).toHaveTextContent('Quote v2 accepted by the buyer');
    expect(items[3]).toHaveTextContent('Quote v3 declined by the buyer');
    expect(items[4]).toHaveTextContent("Quote v4 issued again at today's prices");
    unmount();
    renderSignedIn([{ path: '/', element: <EnquiryTimeline detail={detail} /> }], '/', 'fa');
    const fa = within(screen.getByRole('list', { name: 'یادداشت‌ها و تاریخچه' })).getAllByRole('listitem');
    expect(fa[2]).toHaveTextContent('خریدار پیش‌فاکتور نسخهٔ ۲ را پذیرفت');
  });
});
