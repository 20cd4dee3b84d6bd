import type {
  AdminPage,
  Customer,
  CustomerDeleted,
  CustomerDetail,
  CustomerQuery,
} from '@storefront/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api.ts';
import { usePageQuery } from '../../lib/queries.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export type { CustomerDeleted };

export const customersApi = {
  customers: (query: CustomerQuery) =>
    request<AdminPage<Customer>>('GET', '/customers', { query: { ...query } }),
  customer: (id: number) => request<CustomerDetail>('GET', `/customers/${id}`),
  setCustomerActive: (id: number, active: boolean) =>
    request<Customer>('PATCH', `/customers/${id}`, { body: { active } }),
  deleteCustomer: (id: number) => request<CustomerDeleted>('DELETE', `/customers/${id}`),
};

export function useCustomers(query: CustomerQuery) {
  return usePageQuery(queryKeys.customers.page(query), () => customersApi.customers(query));
}

/** One customer with what they liked and asked. */
export function useCustomer(id: number) {
  return useQuery({
    queryKey: queryKeys.customers.detail(id),
    queryFn: () => customersApi.customer(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Enables or disables the account; the answer is the account alone, put into the cached detail. */
export function useSetCustomerActive(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => customersApi.setCustomerActive(id, active),
    onSuccess: (customer) => {
      client.setQueryData(queryKeys.customers.detail(id), (old: CustomerDetail | undefined) =>
        old ? { ...old, customer } : old,
      );
      void client.invalidateQueries({ queryKey: queryKeys.customers.all });
    },
  });
}

/**
 * Deletes the account: its enquiries are kept without it (the inbox and the dashboard change), its
 * likes, reviews and subscription go. The answer counts what went.
 */
export function useDeleteCustomer(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => customersApi.deleteCustomer(id),
    onSuccess: () => {
      client.removeQueries({ queryKey: queryKeys.customers.detail(id) });
      void client.invalidateQueries({ queryKey: queryKeys.customers.all });
      void client.invalidateQueries({ queryKey: queryKeys.enquiries.all });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    },
  });
}
