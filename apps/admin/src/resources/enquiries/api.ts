import type {
  EnquiryDetail,
  EnquiryPage,
  EnquiryQuery,
  EnquiryStatus,
  UpdateEnquiryBody,
} from '@storefront/contracts/admin';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API_BASE, request, withQuery } from '../../lib/api.ts';
import { usePageQuery } from '../../lib/queries.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { refreshUnread } from '../../lib/sales-api.ts';

/** The inbox's filters (the list's query without paging): the export takes the same. */
export interface EnquiryFilters {
  status?: EnquiryStatus;
  product?: number | 'general';
  collection?: number;
  assignee?: number | 'none';
  unread?: '1';
  from?: string;
  to?: string;
  q?: string;
  /** A source as enquiries name it, or `direct`. */
  source?: string;
}

export const enquiriesApi = {
  enquiries: (query: EnquiryQuery) => request<EnquiryPage>('GET', '/enquiries', { query: { ...query } }),
  enquiry: (id: number) => request<EnquiryDetail>('GET', `/enquiries/${id}`),
  updateEnquiry: (id: number, body: UpdateEnquiryBody) =>
    request<EnquiryDetail>('PATCH', `/enquiries/${id}`, { body }),
  addEnquiryNote: (id: number, text: string) =>
    request<EnquiryDetail>('POST', `/enquiries/${id}/notes`, { body: { text } }),
};

/** The inbox's download (CSV or Excel) of every enquiry the filters match: a plain link (the cookie goes along). */
export function enquiryExportUrl(format: 'csv' | 'xlsx', filters: EnquiryFilters): string {
  return `${API_BASE}${withQuery('/enquiries/export', { format, ...filters })}`;
}

export function useEnquiries(query: EnquiryQuery) {
  return usePageQuery(queryKeys.enquiries.page(query), () => enquiriesApi.enquiries(query));
}

/** One enquiry with its timeline; opening it marks it read, so the unread count is asked again. */
export function useEnquiry(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.enquiries.detail(id),
    queryFn: async () => {
      const answer = await enquiriesApi.enquiry(id);
      refreshUnread(client);
      return answer;
    },
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** A change answers the whole enquiry: it replaces the cached one, and the lists and count refresh. */
function changed(client: QueryClient, id: number, answer: EnquiryDetail) {
  client.setQueryData(queryKeys.enquiries.detail(id), answer);
  refreshUnread(client);
  void client.invalidateQueries({ queryKey: queryKeys.enquiries.lists });
}

/** Status and assignee; the dashboard counts by status, so it refreshes as well. */
export function useUpdateEnquiry(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEnquiryBody) => enquiriesApi.updateEnquiry(id, body),
    onSuccess: (answer) => {
      changed(client, id, answer);
      void client.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    },
  });
}

export function useAddEnquiryNote(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => enquiriesApi.addEnquiryNote(id, text),
    onSuccess: (answer) => changed(client, id, answer),
  });
}
