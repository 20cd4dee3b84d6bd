import { named, type HeadOf } from './types.ts';

export const signInHead: HeadOf<unknown> = (ctx) => ({
  title: ctx.site.name,
  appTitle: named(ctx, ctx.t('news:signIn.documentTitle')),
  noindex: true,
});

/** The login/register dialog's tabs as pages: named by their tab, never indexed. */
const authPage =
  (key: string): HeadOf<unknown> =>
  (ctx) => ({ title: named(ctx, ctx.t(key)), noindex: true });
export const loginHead = authPage('common:dialog.loginTab');
export const registerHead = authPage('common:dialog.registerTab');

/** A signed-in user's enquiries (/app/account/requests): private, never indexed. */
export const myRequestsHead: HeadOf<unknown> = (ctx) => ({
  title: named(ctx, ctx.t('pages:myRequests.title')),
  noindex: true,
});

/** Any other path: the app's not-found page (the server answers it as the site's page). */
export const notFoundHead: HeadOf<unknown> = (ctx) => ({
  title: ctx.site.name,
  appTitle: named(ctx, ctx.t('common:errors.notFoundTitle')),
});
