import type {
  AdminPage,
  BotChannel,
  ChannelSettings,
  Delivery,
  NotificationPreferences,
  Settings,
  Webhook,
  UpdateChannelSettingsBody,
  createdWebhookSchema,
  deliveryQuerySchema,
  testSmsResultSchema,
} from '@storefront/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../lib/api.ts';
import { usePageQuery, useRefreshingMutation } from '../../lib/queries.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export { useStoreSettings } from '../../lib/store-settings.ts';

export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;
export type DeliveryQuery = z.input<typeof deliveryQuerySchema>;
export type TestSmsResult = z.infer<typeof testSmsResultSchema>;

export const settingsApi = {
  notifications: () => request<NotificationPreferences>('GET', '/account/notifications'),
  saveNotifications: (body: NotificationPreferences) =>
    request<NotificationPreferences>('PUT', '/account/notifications', { body }),
  saveSettings: (reviews: Settings['reviews']) =>
    request<Settings>('PUT', '/settings', { body: { reviews } }),
  webhooks: () => request<Webhook[]>('GET', '/webhooks'),
  createWebhook: (url: string) => request<CreatedWebhook>('POST', '/webhooks', { body: { url } }),
  setWebhookActive: (id: number, active: boolean) =>
    request<Webhook>('PATCH', `/webhooks/${id}`, { body: { active } }),
  deleteWebhook: (id: number) => request<void>('DELETE', `/webhooks/${id}`),
  deliveries: (query: DeliveryQuery) =>
    request<AdminPage<Delivery>>('GET', '/deliveries', { query: { ...query } }),
  retryDelivery: (id: number) => request<Delivery>('POST', `/deliveries/${id}/retry`),
  channels: () => request<ChannelSettings>('GET', '/settings/channels'),
  saveChannels: (body: UpdateChannelSettingsBody) =>
    request<ChannelSettings>('PUT', '/settings/channels', { body }),
  testSms: (phone: string) =>
    request<TestSmsResult>('POST', '/settings/channels/test-sms', { body: { phone } }),
  checkBot: (channel: BotChannel) =>
    request<{ bot_username: string | null }>('POST', `/settings/channels/bots/${channel}/check`),
};

// ---- my notifications ----

export function useNotifications() {
  return useQuery({ queryKey: queryKeys.account.notifications, queryFn: settingsApi.notifications });
}

export function useSaveNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: settingsApi.saveNotifications,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.account.notifications, answer);
      // The account page's matrix of channels shows the same mail choices.
      void client.invalidateQueries({ queryKey: queryKeys.account.channels });
    },
  });
}

// ---- review moderation ----

/** Saves how new reviews are handled; the reviews' list follows (what waits may have changed). */
export function useSaveModeration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: settingsApi.saveSettings,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.settings.all, answer);
      void client.invalidateQueries({ queryKey: queryKeys.reviews.all });
    },
  });
}

// ---- webhooks and their deliveries (owner) ----

export function useWebhooks() {
  return useQuery({ queryKey: queryKeys.settings.webhooks, queryFn: settingsApi.webhooks });
}

export const useCreateWebhook = () =>
  useRefreshingMutation(settingsApi.createWebhook, [queryKeys.settings.webhooks]);

/** Turns a webhook off or on: done once the list is asked again. */
export function useSetWebhookActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => settingsApi.setWebhookActive(id, active),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.settings.webhooks }),
  });
}

export const useDeleteWebhook = () =>
  useRefreshingMutation(settingsApi.deleteWebhook, [queryKeys.settings.webhooks]);

/** One page of the delivery history; the page before stays in view while the next loads. */
export const useDeliveries = (query: DeliveryQuery) =>
  usePageQuery(queryKeys.settings.deliveriesPage(query), () => settingsApi.deliveries(query));

/** Sends a failed delivery again: the history, the webhooks' counts and the mail's counts follow. */
export const useRetryDelivery = () =>
  useRefreshingMutation(settingsApi.retryDelivery, [
    queryKeys.settings.deliveries,
    queryKeys.settings.webhooks,
    queryKeys.settings.all,
  ]);

// ---- the SMS gateway and the bots (owner) ----

export function useChannelSettings() {
  return useQuery({ queryKey: queryKeys.settings.channels, queryFn: settingsApi.channels });
}

/**
 * Saves the channels' settings: the answer is the new state (keys masked); the account pages' chat
 * and SMS availability and the dashboard's warnings follow.
 */
export function useSaveChannels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: settingsApi.saveChannels,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.settings.channels, answer);
      void client.invalidateQueries({ queryKey: queryKeys.account.channels });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    },
  });
}

export const useTestSms = () => useMutation({ mutationFn: settingsApi.testSms });

/** Asks the bot who it is; its @username shows on the settings once known. */
export function useCheckBot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: settingsApi.checkBot,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.settings.channels }),
  });
}
