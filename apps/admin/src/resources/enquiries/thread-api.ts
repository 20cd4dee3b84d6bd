import type { EnquiryMessage } from '@storefront/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, request, sendForm } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** How often an open thread asks for new messages (a visitor may write while staff read). */
export const THREAD_POLL_MS = 20_000;

/**
 * The thread's key sits under the enquiry's own (`['enquiry', id]`), so whatever refreshes the
 * enquiry (a status change, a quote sent) refreshes its messages too.
 */
export const threadKey = (enquiryId: number) =>
  [...queryKeys.enquiries.detail(enquiryId), 'messages'] as const;

/** A staff reply: its text, and a file (image or PDF) that goes along as multipart. */
export interface Reply {
  body: string;
  attachment?: File | null;
}

export const threadApi = {
  messages: (enquiryId: number) =>
    request<{ results: EnquiryMessage[] }>('GET', `/enquiries/${enquiryId}/messages`),
  /** Text alone goes as JSON; with a file, as multipart with the same `body` field. */
  reply: (enquiryId: number, reply: Reply, onProgress?: (fraction: number) => void) => {
    const path = `/enquiries/${enquiryId}/messages`;
    if (!reply.attachment) return request<EnquiryMessage>('POST', path, { body: { body: reply.body } });
    const form = new FormData();
    form.append('body', reply.body);
    form.append('attachment', reply.attachment, reply.attachment.name);
    // Through XMLHttpRequest as the uploads go (lib/api.ts sendForm), so the progress shows.
    return sendForm<EnquiryMessage>(path, form, onProgress);
  },
};

/** A message's file: a plain link (the session cookie goes along; the server sends it as a download). */
export function attachmentUrl(enquiryId: number, attachmentId: number): string {
  return `${API_BASE}/enquiries/${enquiryId}/attachments/${attachmentId}`;
}

/** The thread, oldest first, asked again every 20 s while it is open and when the window regains focus. */
export function useThread(enquiryId: number) {
  return useQuery({
    queryKey: threadKey(enquiryId),
    queryFn: () => threadApi.messages(enquiryId),
    select: (answer) => answer.results,
    enabled: Number.isInteger(enquiryId) && enquiryId > 0,
    refetchInterval: THREAD_POLL_MS,
  });
}

/** Sends a reply; the new message joins the cached thread at once, then the thread is asked again. */
export function useReply(enquiryId: number, onProgress?: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reply: Reply) => threadApi.reply(enquiryId, reply, onProgress),
    onSuccess: (message) => {
      client.setQueryData<{ results: EnquiryMessage[] }>(threadKey(enquiryId), (old) =>
        old ? { results: [...old.results.filter((m) => m.id !== message.id), message] } : old,
      );
      void client.invalidateQueries({ queryKey: threadKey(enquiryId) });
    },
  });
}
