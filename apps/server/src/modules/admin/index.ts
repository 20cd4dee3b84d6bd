import type { StaffRole } from '@storefront/contracts/admin';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { openApiDocument } from '../../lib/plugins/openapi.ts';
import { ALL_ROLES, registerAccess } from './access.ts';
import { adminAuthRoutes } from './auth-routes.ts';
import { adminCatalogueRoutes } from './catalogue-routes.ts';
import { StaffRepository } from './staff-repository.ts';
import { staffRoutes } from './staff-routes.ts';
import { uploadRoutes } from './uploads.ts';
import { transferRoutes } from './transfer.ts';
import { dashboardRoutes } from './dashboard.ts';
import { enquiryRoutes } from './enquiry-routes.ts';
import { quoteRoutes } from './quote-routes.ts';
import { salesRoutes } from './sales-routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { feedAdminRoutes } from '../feeds/admin-routes.ts';
import { channelSettingsRoutes } from './channel-settings-routes.ts';
import { accountChannelsRoutes } from './account-channels-routes.ts';
import { messageRoutes } from './message-routes.ts';
import { quoteDocumentAdminRoutes } from './quote-document-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff accounts, sessions and one-time links (modules/admin/staff-repository.ts). */
    staff: StaffRepository;
    /** Every back-office route with the roles it admits (the role × route matrix test reads it). */
    adminRouteTable: AdminRoute[];
  }
}

export interface AdminRoute {
  method: string;
  url: string;
  roles: readonly StaffRole[] | 'public';
}

/**
 * The back office's API under /admin/api (docs/server.md): access (session, roles, CSRF) before
 * every route, then staff sign-in and accounts, staff management and the audit log, catalogue
 * editing and image uploads; the dashboard, the enquiry inbox, review moderation, customers, the
 * newsletter list, settings, webhooks and the outbox's deliveries. A 404 under /admin/api is the API's JSON 404, never the app's page.
 */
export const adminApi: FastifyPluginAsync = async (app) => {
  const staff = app.staff;
  app.addHook('onRoute', (route) => {
    // The API's documentation (@fastify/swagger-ui's routes) is for staff.
    if (route.url.startsWith('/admin/api/docs')) route.config = { ...route.config, roles: ALL_ROLES };
    const roles = route.config?.roles;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      if (roles === undefined)
        throw new Error(`${method} ${route.url}: a back-office route must declare its roles`);
      app.adminRouteTable.push({ method, url: route.url, roles });
    }
  });
  await registerAccess(app, staff);
  // Uploads (images, catalogue files): one file per request; each route sets its size limit.
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  await app.register(adminAuthRoutes, { staff });
  await app.register(staffRoutes, { staff });
  await app.register(adminCatalogueRoutes);
  await app.register(uploadRoutes);
  await app.register(transferRoutes);
  await app.register(dashboardRoutes);
  await app.register(enquiryRoutes);
  await app.register(quoteRoutes);
  await app.register(salesRoutes);
  await app.register(settingsRoutes);
  await app.register(feedAdminRoutes);
  await app.register(channelSettingsRoutes);
  await app.register(accountChannelsRoutes);
  await app.register(messageRoutes);
  await app.register(quoteDocumentAdminRoutes);
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformSpecificationClone: false,
    transformSpecification: () => openApiDocument(app, 'admin'),
  });
};

export function decorateStaff(app: FastifyInstance): void {
  app.decorate('staff', new StaffRepository(app.database.db));
  app.decorate('adminRouteTable', []);
}

/**
 * First start: with no staff account, a one-time setup link for the owner (printed to the log; the
 * `staff create` command prints one too). Returns the link, or undefined when staff exist.
 */
export async function setupLinkIfNeeded(app: FastifyInstance, base: string): Promise<string | undefined> {
  if ((await app.staff.count()) > 0) return undefined;
  const { token } = await app.staff.createLink({ kind: 'setup', email: '', role: 'owner', createdBy: null });
  return `${base}/admin/setup/${token}`;
}

/** The setup link's one JSON log line (off a terminal), and the first line of its framed form. */
export const SETUP_LINK_MESSAGE =
  'No back-office account exists yet. Open this one-time link to create the owner';

/**
 * The setup link as the person who ran `npm start` reads it on a terminal: on its own line (so
 * that the terminal makes it clickable whole), framed, with what to do.
 */
export function setupLinkBanner(link: string): string {
  const lines = [
    'No back-office account exists yet.',
    'Open this one-time link in a browser to create the owner account',
    '(choose the email, name and password there):',
    '',
    `  ${link}`,
    '',
    'It works once. While no account exists, each start of the server',
    'prints a new link and the old one stops working.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 4);
  return ['', `┌${rule}┐`, ...lines.map((line) => `│  ${line.padEnd(width)}  │`), `└${rule}┘`, '', ''].join(
    '\n',
  );
}

/**
 * Tells whoever runs the server about the setup link: framed on standard output when it is a
 * terminal (someone ran `npm start`; even with LOG_FILE or LOG_LEVEL=silent, since without the link
 * nobody can sign in), and as one warn line of the JSON log, the link in `setupLink`, when the log
 * is JSON (off a terminal, or LOG_FILE).
 */
export function announceSetupLink(
  log: FastifyBaseLogger,
  link: string,
  where: { terminal: boolean; jsonLog: boolean },
  write: (text: string) => void = (text) => void process.stdout.write(text),
): void {
  if (where.terminal) write(setupLinkBanner(link));
  if (where.jsonLog) log.warn({ setupLink: link }, `${SETUP_LINK_MESSAGE}: ${link}`);
}
