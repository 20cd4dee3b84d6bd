/** The home quick request's fields (docs/product.md, Validation). */
export interface QuickRequest {
  phone: string;
  description: string;
  email: string;
}

/** The mobile number's length (docs/product.md, Constants). */
export const PHONE_LENGTH = 11;

export type QuickRequestError =
  | { field: 'email'; key: 'submitAValidEmail' }
  | { field: 'phone'; key: 'phoneNumberMustStartWith09' }
  | { field: 'phone'; key: 'phoneNumberMustELevenChar' };

/** Persian (۰–۹) and Arabic-Indic (٠–٩) digits as ASCII, spaces and dashes dropped: 09xx typed any way. */
export function normalizeDigits(value: string): string {
  return value
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\s-]/g, '');
}

/**
 * The first failing rule, in the spec's order: the email must contain @ ('submitAValidEmail'); the
 * phone must start with 09; the phone must be exactly 11 characters ('phoneNumberMustELevenChar').
 * Null when the request may be sent.
 */
export function validateQuickRequest(request: QuickRequest): QuickRequestError | null {
  if (!request.email.includes('@')) return { field: 'email', key: 'submitAValidEmail' };
  const phone = normalizeDigits(request.phone);
  if (!phone.startsWith('09')) return { field: 'phone', key: 'phoneNumberMustStartWith09' };
  if (phone.length !== PHONE_LENGTH) return { field: 'phone', key: 'phoneNumberMustELevenChar' };
  return null;
}

/** Where "closed or sent" is remembered: for this browser tab's session only. */
export const WELCOME_HIDDEN_KEY = 'storefront.welcomeHidden';

/** Whether the welcome box was closed or used in this session (storage that fails counts as not). */
export function isWelcomeHidden(storage: Pick<Storage, 'getItem'> | undefined = sessionStorageOrNone()) {
  try {
    return storage?.getItem(WELCOME_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function hideWelcome(storage: Pick<Storage, 'setItem'> | undefined = sessionStorageOrNone()) {
  try {
    storage?.setItem(WELCOME_HIDDEN_KEY, '1');
  } catch {
    // Storage full or blocked: the box stays hidden until the page is reloaded.
  }
}

function sessionStorageOrNone(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
