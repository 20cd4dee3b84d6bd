/** Lengths the storefront checks before sending (the server's schemas, engagement.ts, check them too). */
export const REVIEW_MAX = 500;
export const REVIEW_NAME_MAX = 100;
export const ENQUIRY_DESCRIPTION_MAX = 2000;
