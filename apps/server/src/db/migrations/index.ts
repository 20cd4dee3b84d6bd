import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { catalogueMigration } from './0001-catalogue.ts';
import { accountsMigration } from './0002-accounts.ts';
import { productLinksMigration } from './0003-product-links.ts';
import { paddedSearchMigration } from './0004-padded-search.ts';
import { catalogueOptionsMigration } from './0005-catalogue-options.ts';
import { pagingIndexesMigration } from './0006-paging-indexes.ts';
import { catalogueWritesMigration } from './0007-catalogue-writes.ts';
import { productJsonMigration } from './0008-product-json.ts';
import { staffMigration } from './0009-staff.ts';
import { displayOrderMigration } from './0010-display-order.ts';
import { enquiriesMigration } from './0011-enquiries.ts';
import { enquiryIndexesMigration } from './0012-enquiry-indexes.ts';
import { aboutUsTeamMigration } from './0013-about-us-team.ts';
import { enquiryNamesMigration } from './0014-enquiry-names.ts';
import { channelsMigration } from './0015-channels.ts';
import { feedsMigration } from './0016-feeds.ts';
import { enquirySourceMigration } from './0017-enquiry-source.ts';
import { quotesMigration } from './0018-quotes.ts';
import { reviewsCounterMigration } from './0019-reviews-counter.ts';
import { enquiryAudienceMigration } from './0020-enquiry-audience.ts';
import { enquirySearchBatchMigration } from './0021-enquiry-search-batch.ts';

/** The static list of migrations, in order. Never edit a shipped one: add a new file. */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-catalogue': catalogueMigration(dialect),
    '0002-accounts': accountsMigration(dialect),
    '0003-product-links': productLinksMigration(dialect),
    '0004-padded-search': paddedSearchMigration(dialect),
    '0005-catalogue-options': catalogueOptionsMigration(),
    '0006-paging-indexes': pagingIndexesMigration(),
    '0007-catalogue-writes': catalogueWritesMigration(dialect),
    '0008-product-json': productJsonMigration(dialect),
    '0009-staff': staffMigration(dialect),
    '0010-display-order': displayOrderMigration(),
    '0011-enquiries': enquiriesMigration(dialect),
    '0012-enquiry-indexes': enquiryIndexesMigration(dialect),
    '0013-about-us-team': aboutUsTeamMigration(),
    '0014-enquiry-names': enquiryNamesMigration(dialect),
    '0015-channels': channelsMigration(dialect),
    '0016-feeds': feedsMigration(dialect),
    '0017-enquiry-source': enquirySourceMigration(),
    '0018-quotes': quotesMigration(dialect),
    '0019-reviews-counter': reviewsCounterMigration(dialect),
    '0020-enquiry-audience': enquiryAudienceMigration(dialect),
    '0021-enquiry-search-batch': enquirySearchBatchMigration(dialect),
  };
}
