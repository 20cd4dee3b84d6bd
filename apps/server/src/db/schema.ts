import type {
  ChatLinkCodesTable,
  EnquiryEventsTable,
  OneTimeCodesTable,
  OutboxTable,
  WebhooksTable,
} from './tables/outbox.ts';
import type { AuditLogTable, StaffLinksTable, StaffSessionsTable, StaffTable } from './tables/staff.ts';
import type { LikesTable, NewsletterEmailsTable, EnquiriesTable, UsersTable } from './tables/accounts.ts';
import type {
  CollectionsTable,
  IndustriesTable,
  SubcollectionsTable,
  TagsTable,
} from './tables/catalogue.ts';
import type {
  AboutUsTable,
  BannersTable,
  MetaTable,
  NameKeysTable,
  PostsTable,
  ReviewsTable,
} from './tables/content.ts';
import type {
  ProductJsonTable,
  ProductSubcollectionsTable,
  ProductTagsTable,
  ProductsTable,
} from './tables/products.ts';
import type { FeedRequestsTable } from './tables/feeds.ts';
import type {
  EnquiryAttachmentsTable,
  EnquiryMessagesTable,
  QuoteDraftsTable,
  QuoteVersionsTable,
} from './tables/quotes.ts';

export interface DB {
  meta: MetaTable;
  collections: CollectionsTable;
  subcollections: SubcollectionsTable;
  industries: IndustriesTable;
  tags: TagsTable;
  products: ProductsTable;
  product_subcollections: ProductSubcollectionsTable;
  product_tags: ProductTagsTable;
  product_json: ProductJsonTable;
  posts: PostsTable;
  banners: BannersTable;
  about_us: AboutUsTable;
  reviews: ReviewsTable;
  name_keys: NameKeysTable;
  /** SQLite only: the FTS5 trigram index over products.search_doc (rowid = product id). */
  product_search: { rowid: number; search_doc: string };
  users: UsersTable;
  likes: LikesTable;
  enquiries: EnquiriesTable;
  newsletter_emails: NewsletterEmailsTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_links: StaffLinksTable;
  audit_log: AuditLogTable;
  enquiry_events: EnquiryEventsTable;
  webhooks: WebhooksTable;
  outbox: OutboxTable;
  one_time_codes: OneTimeCodesTable;
  chat_link_codes: ChatLinkCodesTable;
  /** SQLite only: the FTS5 trigram index over enquiries.search_doc (rowid = enquiry id). */
  enquiry_search: { rowid: number; search_doc: string };
  feed_requests: FeedRequestsTable;
  quote_drafts: QuoteDraftsTable;
  quote_versions: QuoteVersionsTable;
  enquiry_messages: EnquiryMessagesTable;
  enquiry_attachments: EnquiryAttachmentsTable;
}
