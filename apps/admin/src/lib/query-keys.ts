import type { CatalogueKind } from '@storefront/contracts/admin';

/**
 * Every cache key of the back office, one factory per resource (docs/admin.md, "Data"). A resource's
 * hooks (`resources/<resource>/api.ts`) read and write its own keys here; a write that changes what
 * another resource shows (an enquiry's status moves the dashboard's counts) invalidates that
 * resource's `all` key from here, so no resource imports another. A key is a prefix of the keys below
 * it: invalidating `enquiries.all` refreshes the inbox's pages, the unread count and the assignees.
 */
export const queryKeys = {
  session: ['session'] as const,
  setup: ['setup'] as const,
  invite: (token: string) => ['invite', token] as const,
  account: {
    sessions: ['sessions'] as const,
    notifications: ['account', 'notifications'] as const,
    /** The member's phone, linked chats and per-event channels (the email column mirrors `notifications`). */
    channels: ['account', 'channels'] as const,
  },
  staff: {
    all: ['staff'] as const,
  },
  audit: {
    all: ['audit'] as const,
    page: (query: object) => ['audit', query] as const,
  },
  catalogue: {
    /** Every list of every kind (pickers' searches included). */
    lists: ['list'] as const,
    list: (kind: CatalogueKind) => ['list', kind] as const,
    page: (kind: CatalogueKind, query: object) => ['list', kind, query] as const,
    entity: (kind: CatalogueKind, id: number) => ['entity', kind, id] as const,
  },
  store: {
    identity: ['store'] as const,
    aboutUs: ['about-us'] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
  },
  enquiries: {
    all: ['enquiries'] as const,
    lists: ['enquiries', 'list'] as const,
    page: (query: object) => ['enquiries', 'list', query] as const,
    unread: ['enquiries', 'unread'] as const,
    assignees: ['enquiries', 'assignees'] as const,
    detail: (id: number) => ['enquiry', id] as const,
  },
  reviews: {
    all: ['reviews'] as const,
    page: (query: object) => ['reviews', query] as const,
  },
  customers: {
    all: ['customers'] as const,
    page: (query: object) => ['customers', 'list', query] as const,
    detail: (id: number) => ['customer', id] as const,
  },
  newsletter: {
    all: ['newsletter'] as const,
    page: (query: object) => ['newsletter', query] as const,
  },
  settings: {
    all: ['settings'] as const,
    webhooks: ['webhooks'] as const,
    deliveries: ['deliveries'] as const,
    deliveriesPage: (query: object) => ['deliveries', query] as const,
    /** The SMS gateway and the bots (owner). */
    channels: ['channel-settings'] as const,
  },
  feeds: {
    /** Both price-comparison feeds and their last requests (owner). */
    all: ['feeds'] as const,
  },
};
