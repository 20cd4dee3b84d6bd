/** Where the storefront lives on the server: every route of the app is under it. */
export const BASENAME = '/app';
