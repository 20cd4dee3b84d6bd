import fastifyCors from '@fastify/cors';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database, type ShownReview } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { listenForCatalogueChanges } from './modules/store/catalogue-events.ts';
import {
  languagePrefixRewriter,
  registerInputNormalisation,
  registerJsonParser,
} from './lib/plugins/edge.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
} from './lib/plugins/error-handling.ts';
import { registerRateLimits } from './lib/plugins/rate-limit.ts';
import { registerCompression } from './lib/plugins/compression.ts';
import { publicOpenApiRoute, registerOpenApi } from './lib/plugins/openapi.ts';
import { loggerOptions, registerRequestLog } from './lib/plugins/request-log.ts';
import { SharedStore } from './lib/shared-store.ts';
import { helmetHeaders, registerSecurityHeaders } from './lib/plugins/security-headers.ts';
import { schemaSerializerCompiler } from './lib/plugins/serializer.ts';
import { registerAuth } from './modules/auth/viewer.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { likesRoutes } from './modules/likes/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { unsubscribePage } from './modules/newsletter/unsubscribe-page.ts';
import { followPage } from './modules/enquiries/follow-page.ts';
import { registerDocuments } from './modules/documents/pdf.ts';
import { quoteDocumentRoutes } from './modules/documents/routes.ts';
import { storefrontEnquiryRoutes } from './modules/enquiries/routes.ts';
import { myRequestsRoutes } from './modules/enquiries/my-requests.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { StoreRepository } from './modules/store/repository.ts';
import { CatalogueCache } from './modules/store/catalogue-cache.ts';
import { storeRoutes } from './modules/store/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { webRoutes } from './modules/web/routes.ts';
import { adminApi, decorateStaff } from './modules/admin/index.ts';
import { adminAppFiles } from './modules/admin/app-files.ts';
import { sitemapRoutes } from './modules/web/sitemap.ts';
import { ogImageRoutes } from './modules/web/og-image.ts';
import { registerOutbox } from './modules/outbox/outbox.ts';
import { registerChannels } from './modules/channels/registry.ts';
import { feedRoutes } from './modules/feeds/routes.ts';
import { registerChatLinks } from './modules/channels/chat-links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    storeRepository: StoreRepository;
    /** The catalogue's version and every cache kept for it (modules/store/catalogue-cache.ts). */
    catalogueCache: CatalogueCache;
  }
}

export interface BuildOptions {
  /** An open database to use (and close with the app); by default one is opened from the config. */
  database?: Database;
}

/** Builds the whole application: database (migrated), API, media and storefront. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? openDatabase(config);
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.destroy();
    throw error;
  }

  // Worked out before the app exists: answers given before any hook runs carry them too.
  const securityHeaders = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Images may be embedded by other sites (newsletters, marketplaces).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });

  const app = Fastify({
    // LOG_LEVEL=silent: no logger at all, so that Fastify does not make a child logger per request
    // only for it to write nothing.
    logger: loggerOptions(config),
    // One line per request, written when it is answered (lib/plugins/request-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    // JSON bodies here are small forms; anything larger is refused with 413.
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    rewriteUrl: languagePrefixRewriter(config.languages, config.defaultLanguage),
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(schemaSerializerCompiler);
  // JSON only where JSON is expected: other bodies are answered 415.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);

  app.decorate('config', config);
  app.decorate('database', database);
  const catalogueCache = new CatalogueCache(database.db, {
    responseBytes: config.responseCacheMegabytes * 1024 * 1024,
  });
  app.decorate('catalogueCache', catalogueCache);
  // Catalogue writes through this database handle (the back office, an import in this process).
  const invalidate = () => catalogueCache.invalidate();
  database.catalogueWrites.on('committed', invalidate);
  // Reviews published, hidden or deleted through this handle: only those products' pages and lists.
  const reviewsChanged = (productIds: number[], counter?: number, published?: ShownReview[]) =>
    catalogueCache.reviewsChanged(productIds, counter, published);
  database.catalogueWrites.on('reviews', reviewsChanged);
  app.addHook('onClose', async () => {
    database.catalogueWrites.off('committed', invalidate);
    database.catalogueWrites.off('reviews', reviewsChanged);
  });
  app.decorate('storeRepository', new StoreRepository(database.db, database.dialect, catalogueCache));
  if (database.dialect === 'postgres' && config.databaseUrl) {
    // A user disabled or deleted on another instance: forget its cached state here too.
    const notifications = listenForCatalogueChanges(
      config.databaseUrl,
      catalogueCache,
      app.log,
      (id) => app.users.forget(id),
      (backend) => database.sentByThisHandle(backend),
    );
    app.addHook('onClose', async () => notifications.close());
  }
  app.addHook('onClose', async () => {
    await database.destroy();
  });
  // The channels as set up now (`app.channels`), which the outbox's worker sends through.
  registerChannels(app);
  // The notifications' outbox worker (`app.outbox`): after the hook above, so that it stops first.
  registerOutbox(app);
  // Staff link their Bale/Telegram chats by a code sent to the bot: read by long polling, with the worker.
  registerChatLinks(app);
  // Server-made PDFs (`app.documents`): Chromium starts with the first document, never here.
  registerDocuments(app);

  registerRequestLog(app, config);
  registerErrorHandling(app);
  registerSecurityHeaders(app, securityHeaders);
  registerInputNormalisation(app);
  // CORS is closed unless origins are configured: then nothing needs to run for it (with the plugin
  // registered but closed, every request went through its hook for nothing, and an OPTIONS request
  // got the same 404 as without it).
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      maxAge: 600,
    });
  }
  // Several instances share their limits through Redis (REDIS_URL); one process counts on its own.
  const shared = config.redisUrl ? new SharedStore(config.redisUrl, app.log) : undefined;
  if (shared) app.addHook('onClose', async () => shared.close());
  app.decorate('sharedStore', shared);
  await registerRateLimits(app, config.rateLimits, shared);
  registerAuth(app);
  decorateStaff(app);
  // Before every route: its hook is added to the routes registered after it.
  await registerCompression(app);

  // Before the routes: it records each route's schemas as it is added (lib/plugins/openapi.ts).
  await registerOpenApi(app);
  await app.register(healthRoutes);
  await publicOpenApiRoute(app);

  await app.register(mediaRoutes);

  for (const lang of config.languages) {
    const prefix = `/${lang}/api`;
    await app.register(storeRoutes, { prefix, lang });
    await app.register(authRoutes, { prefix });
    await app.register(likesRoutes, { prefix });
    await app.register(reviewRoutes, { prefix, lang });
    await app.register(storefrontEnquiryRoutes, { prefix, lang });
    await app.register(myRequestsRoutes, { prefix, lang });
    await app.register(newsletterRoutes, { prefix, lang });
  }
  await app.register(unsubscribePage);
  await app.register(followPage);
  await app.register(quoteDocumentRoutes);
  await app.register(adminApi, { prefix: '/admin/api' });
  await app.register(adminAppFiles);
  await app.register(webRoutes);
  await app.register(sitemapRoutes);
  await app.register(ogImageRoutes);
  await app.register(feedRoutes);
  return app;
}
