import {
  QueryClient,
  QueryClientProvider,
  dehydrate,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import i18next from 'i18next';
import e, {
  StrictMode,
  Suspense,
  cloneElement,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import {
  Link,
  NavLink,
  Outlet,
  RouterContextProvider,
  ScrollRestoration,
  StaticRouterProvider,
  createContext as createContext$1,
  createStaticHandler,
  createStaticRouter,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
} from 'react-router';
import 'i18next-browser-languagedetector';
import { z } from 'zod';
import { DirectionProvider } from '@radix-ui/react-direction';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import c from 'clsx';
import { ErrorBoundary } from 'react-error-boundary';
// ../../packages/contracts/src/errors.ts
/**
 * Machine-readable error codes. Every error body the server sends carries one, next to the
 * human-readable `detail` or field messages, so that every client (the storefront, the back office,
 * a business's own tools) picks its translated message by code and never by matching English text.
 * Codes are stable: a code may be added, never renamed or given another meaning.
 */
var requestErrorCodes = [
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'malformed_json',
  'invalid_encoding',
  'bad_request',
  'throttled',
  'not_authenticated',
  'token_not_valid',
  'no_active_account',
  'server_error',
  'service_unavailable',
];
var fieldErrorCodes = [
  'required',
  'blank',
  'invalid_type',
  'too_long',
  'too_short',
  'invalid_characters',
  'email_invalid',
  'phone_invalid',
  'mobile_invalid',
  'contact_required',
  'username_taken',
  'password_too_short',
  'password_too_similar',
  'password_too_common',
  'password_entirely_numeric',
  'integer_invalid',
  'boolean_invalid',
  'choice_invalid',
  'out_of_range',
  'invalid',
];
[...requestErrorCodes, ...fieldErrorCodes];
var requestErrorCodeSchema = z.enum(requestErrorCodes);
var fieldErrorCodeSchema = z.enum(fieldErrorCodes);
/** The `code` of a body of field errors. */
var VALIDATION_FAILED = 'validation_failed';
z.object({
  detail: z.string(),
  code: requestErrorCodeSchema,
});
z.object({
  code: z.literal(VALIDATION_FAILED),
  codes: z.record(z.string(), z.array(fieldErrorCodeSchema)),
}).catchall(z.array(z.string()));
/** Reads the field codes of an error body a client received (empty when it has none). */
function fieldCodesOf(body) {
  if (body === null || typeof body !== 'object') return {};
  const codes = body.codes;
  if (codes === null || typeof codes !== 'object') return {};
  const known = new Set(fieldErrorCodes);
  const out = {};
  for (const [field, list] of Object.entries(codes)) {
    if (!Array.isArray(list)) continue;
    out[field] = list.map((c) => (typeof c === 'string' && known.has(c) ? c : 'invalid'));
  }
  return out;
}
/** The `code` of a whole-request error body a client received, when it is one this version knows. */
function requestCodeOf(body) {
  if (body === null || typeof body !== 'object') return void 0;
  const code = body.code;
  return typeof code === 'string' && requestErrorCodes.includes(code) ? code : void 0;
}
/** A custom Zod issue's parameters carrying its code: `.refine(f, coded('phone_invalid', MESSAGE))`. */
function coded(code, message) {
  return {
    message,
    params: { code },
  };
}
/** "This field is required." — the DRF wording the storefront's clients know. */
var REQUIRED_MESSAGE = 'This field is required.';
// ../../packages/contracts/src/fields.ts
/** Persian (U+06F0–9) and Arabic-Indic (U+0660–9) digits → ASCII. */
function asciiDigits(value) {
  return value.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (d) =>
    String((d.codePointAt(0) - (d >= '۰' ? 1776 : 1632)) % 10),
  );
}
var REQUIRED = REQUIRED_MESSAGE;
/** A string field whose absence reads "This field is required." (the DRF wording the client knows). */
var requiredString = () =>
  z.string({
    error: (issue) => (issue.input === void 0 || issue.input === null ? REQUIRED : 'Not a valid string.'),
  });
/** An optional string field: absent, null and '' all mean "not given". */
var optionalString = () =>
  z
    .string({ error: 'Not a valid string.' })
    .nullish()
    .transform((value) => (value === null || value === void 0 ? '' : value.trim()));
var EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
var EMAIL_MESSAGE = 'Enter a valid email address.';
function isEmail(value) {
  return value.length <= 254 && EMAIL.test(value);
}
/** An Iranian mobile number: 11 digits starting 09; Persian/Arabic digits, spaces, dashes and +98 accepted. */
var MOBILE_MESSAGE = 'Enter a valid mobile number: 11 digits starting with 09.';
function normalizePhone(value) {
  let digits = asciiDigits(value).replace(/[\s\-().\u200c\u200f\u200e]/g, '');
  if (digits.startsWith('+98')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('0098')) digits = `0${digits.slice(4)}`;
  return digits;
}
function isMobile(value) {
  return /^09\d{9}$/.test(value);
}
/** Any Iranian phone number (mobile or landline with area code): 11 digits starting with 0. */
var PHONE_MESSAGE = 'Enter a valid phone number: 11 digits starting with 0 (for example 09121234567).';
function isPhone(value) {
  return /^0\d{10}$/.test(value);
}
z.object({
  username: requiredString()
    .transform(normalizePhone)
    .refine(isMobile, coded('mobile_invalid', MOBILE_MESSAGE)),
  password: requiredString()
    .min(1, { message: 'This field may not be blank.' })
    .max(128, { message: 'Ensure this field has no more than 128 characters.' }),
  email: optionalString().refine((v) => v === '' || isEmail(v), coded('email_invalid', EMAIL_MESSAGE)),
  'Email address': optionalString().refine(
    (v) => v === '' || isEmail(v),
    coded('email_invalid', EMAIL_MESSAGE),
  ),
});
z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
});
z.object({
  username: requiredString().transform(normalizePhone),
  password: requiredString(),
});
z.object({
  access: z.string(),
  refresh: z.string(),
});
z.object({ refresh: requiredString() });
z.object({ access: z.string() });
z.object({ token: requiredString() });
// ../../packages/contracts/src/common.ts
var TRUTHY = /^(true|1|yes|on)\/?$/i;
var FALSY = /^(false|0|no|off)\/?$/i;
/**
 * A boolean query parameter. Accepts the spellings the storefront's client sends
 * (`True`, `True/`, `true`, `1`, `yes`) and their negatives.
 */
var queryBooleanSchema = z
  .string()
  .refine(
    (value) => TRUTHY.test(value) || FALSY.test(value),
    coded('boolean_invalid', 'Must be a boolean: true or false.'),
  )
  .transform((value) => TRUTHY.test(value));
var INTEGER_MESSAGE = 'A valid integer is required.';
/** A non-negative integer written in a query string or a path. */
var queryIntegerSchema = z
  .string()
  .refine((value) => /^\d{1,15}\/?$/.test(value), coded('integer_invalid', INTEGER_MESSAGE))
  .transform((value) => Number.parseInt(value, 10));
var orderingValues = ['id', '-id', 'creation_date', '-creation_date'];
/** Paging and ordering accepted by every list call. Without limit/offset a list is a plain array. */
var listQuerySchema = z.object({
  limit: queryIntegerSchema
    .refine((value) => value >= 1, coded('out_of_range', 'Ensure this value is greater than or equal to 1.'))
    .transform((value) => Math.min(value, 100))
    .optional(),
  offset: queryIntegerSchema.optional(),
  ordering: z
    .string()
    .transform((value) => value.replace(/\/$/, ''))
    .pipe(z.enum(orderingValues, { message: `Must be one of: ${orderingValues.join(', ')}.` }))
    .optional(),
});
/** A free-text search term; trailing slash tolerated as the client sometimes sends one. */
var searchTermSchema = z.string().max(200, { message: 'Ensure this field has no more than 200 characters.' });
/** An exact title filter. */
var titleFilterSchema = z
  .string()
  .max(300, { message: 'Ensure this field has no more than 300 characters.' });
z.object({ product: z.number().int() });
z.object({
  product: z.number().int(),
  count: z.number().int(),
  liked: z.boolean(),
});
z.object({
  product: z.number().int(),
  liked: z.boolean(),
});
z.object({
  name: requiredString()
    .trim()
    .min(1, { message: 'This field may not be blank.' })
    .max(100, { message: `Ensure this field has no more than 100 characters.` }),
  email: requiredString()
    .trim()
    .min(1, { message: 'This field may not be blank.' })
    .refine(isEmail, coded('email_invalid', EMAIL_MESSAGE)),
  content: requiredString()
    .trim()
    .min(1, { message: 'This field may not be blank.' })
    .max(500, { message: `Ensure this field has no more than 500 characters.` }),
});
var ORDER_DESCRIPTION_MAX = 2e3;
var CONTACT_REQUIRED = 'Give a phone number or an email address so that we can reach you.';
z.object({
  phone: optionalString()
    .transform(normalizePhone)
    .refine((v) => v === '' || isPhone(v), coded('phone_invalid', PHONE_MESSAGE)),
  email: optionalString().refine((v) => v === '' || isEmail(v), coded('email_invalid', EMAIL_MESSAGE)),
  description: optionalString().refine(
    (v) => v.length <= ORDER_DESCRIPTION_MAX,
    coded('too_long', `Ensure this field has no more than ${ORDER_DESCRIPTION_MAX} characters.`),
  ),
}).superRefine((value, ctx) => {
  if (value.phone === '' && value.email === '') {
    const issue = coded('contact_required', CONTACT_REQUIRED);
    ctx.addIssue({
      code: 'custom',
      path: ['phone'],
      ...issue,
    });
    ctx.addIssue({
      code: 'custom',
      path: ['email'],
      ...issue,
    });
  }
});
z.object({
  id: z.number().int(),
  product: z.number().int().nullable(),
  phone: z.string(),
  email: z.string(),
  description: z.string(),
  creation_date: z.string(),
});
z.object({
  email: requiredString()
    .trim()
    .min(1, { message: REQUIRED })
    .refine(isEmail, coded('email_invalid', EMAIL_MESSAGE)),
});
z.object({ email: z.string() });
// ../../packages/contracts/src/store.ts
var imageSchema = z.object({ image: z.string() });
/** A product image: its URL and its alt text in the request's language ('' when none was given). */
var productImageSchema = z.object({
  image: z.string(),
  alt: z.string(),
});
var collectionRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
});
var priceRangeSchema = z.object({
  start_price: z.number(),
  end_price: z.number(),
  currency_type: z.string(),
});
/**
 * The supplier of a product. The phone number is for signed-in users only: `phone` carries it
 * when the request has a valid token and is null for a visitor (or when there is none), while
 * `has_phone` always says whether the supplier submitted one, so the storefront can show
 * asterisks or 'no phone submitted'.
 */
var industryRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  website: z.string(),
  phone: z.string().nullable(),
  has_phone: z.boolean(),
});
var tagLinkSchema = z.object({
  tag: z.object({
    id: z.number().int(),
    title: z.string(),
  }),
});
var propertySchema = z.object({
  key: z.string(),
  value: z.string(),
});
var productSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  short_description: z.string(),
  preview_description: z.string(),
  description: z.string(),
  inventory: z.number().int(),
  /** null: the price is given on request (no price is shown or offered). */
  price_range: priceRangeSchema.nullable(),
  industry: industryRefSchema.nullable(),
  collection: collectionRefSchema.nullable(),
  subcollections: z.array(collectionRefSchema),
  tags: z.array(tagLinkSchema),
  properties: z.array(propertySchema),
  images: z.array(productImageSchema),
  recommend: z.boolean(),
  tejarat_khareji: z.boolean(),
  tejarat_dakheli: z.boolean(),
  khadamat_tejarat: z.boolean(),
  amouzesh_tejarat: z.boolean(),
  creation_date: z.string(),
});
z.object({
  id: z.number().int(),
  title: z.string(),
  collection: collectionRefSchema,
  products: z.array(productSchema),
});
industryRefSchema.extend({ industry_products: z.array(productSchema) });
z.object({
  id: z.number().int(),
  image: z.string(),
});
z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** Plain text: about the first 200 characters of `content`, cut at a word (the news list and clients that show a teaser). */
  preview_description: z.string(),
  specific_content: z.string(),
  creation_date: z.string(),
  images: z.array(imageSchema),
});
z.object({
  id: z.number().int(),
  content: z.string(),
});
z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  creation_date: z.string(),
});
z.object({
  id: z
    .string()
    .refine((value) => /^-?\d+$/.test(value), coded('integer_invalid', INTEGER_MESSAGE))
    .transform((value) => {
      const id = Number(value);
      return Number.isSafeInteger(id) && Math.abs(id) <= 2147483647 ? id : 0;
    }),
});
listQuerySchema.extend({ footer: queryBooleanSchema.optional() });
listQuerySchema.extend({ search: searchTermSchema.optional() });
listQuerySchema.extend({
  recommend: queryBooleanSchema.optional(),
  search: searchTermSchema.optional(),
  industry: titleFilterSchema.optional(),
  product: titleFilterSchema.optional(),
  collection: titleFilterSchema.optional(),
  subcollection: titleFilterSchema.optional(),
});
// src/lib/token-store.ts
/**
 * The sign-in token, stored as `Bearer <access>` under the local-storage key `token` (spec section
 * 4). Components subscribe through useSyncExternalStore (see use-auth.ts), so clearing it (logout,
 * or a 401 answered to a stored token) shows the signed-out header at once, in every tab.
 */
var TOKEN_KEY = 'token';
var listeners = /* @__PURE__ */ new Set();
function read() {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
function emit() {
  for (const listener of listeners) listener();
}
var tokenStore = {
  get: read,
  set(access) {
    window.localStorage.setItem(TOKEN_KEY, access.startsWith('Bearer ') ? access : `Bearer ${access}`);
    emit();
  },
  clear() {
    window.localStorage.removeItem(TOKEN_KEY);
    emit();
  },
  subscribe(listener) {
    listeners.add(listener);
    const onStorage = (event) => {
      if (event.key === 'token' || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
// src/lib/api-client.ts
/**
 * Where the API lives and how it is reached. The storefront is served by the API server, so the
 * origin is empty (same origin) in the browser; the component tests point it at the real server they
 * start, and the server-side render (entry-server.tsx) answers the calls inside the server.
 */
var apiConfig = {
  origin: '',
  fetch: (input, init) => fetch(input, init),
};
var ApiError = class extends Error {
  status;
  body;
  constructor(status, body, message) {
    super(message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** The whole request's error code (`not_found`, `throttled`, `token_not_valid`…), when known. */
  get code() {
    return requestCodeOf(this.body);
  }
  /** Field → the codes of its errors, one per message, in order. */
  get fieldCodes() {
    return fieldCodesOf(this.body);
  }
  /** Field errors (`{"username": ["…"]}`) as field → messages; `detail`, `code`, `codes` are no fields. */
  get fieldErrors() {
    const fields = {};
    if (!this.body) return fields;
    for (const [key, value] of Object.entries(this.body)) {
      if (key === 'detail' || key === 'code' || key === 'codes') continue;
      if (Array.isArray(value)) fields[key] = value.map(String);
      else if (typeof value === 'string') fields[key] = [value];
    }
    return fields;
  }
};
function apiUrl(lang, path, query) {
  const url = `${apiConfig.origin}/${lang}/api/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== void 0) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}
/**
 * Calls `/{lang}/api/{path}` and answers the parsed JSON. Throws ApiError for a non-2xx answer (status
 * 0 when the network failed). A 401 answered while a token was sent clears the stored token, which
 * shows the signed-out header.
 */
async function apiRequest(lang, path, options = {}) {
  const { method = 'GET', query, body, auth = true, signal } = options;
  const headers = { Accept: 'application/json' };
  const token = auth ? tokenStore.get() : null;
  if (token) headers.Authorization = token;
  if (body !== void 0) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await apiConfig.fetch(apiUrl(lang, path, query), {
      method,
      headers,
      body: body === void 0 ? void 0 : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, null, error instanceof Error ? error.message : 'network error');
  }
  const text = await response.text();
  let data = null;
  if (text)
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  if (!response.ok) {
    if (response.status === 401 && token) tokenStore.clear();
    const errorBody = data !== null && typeof data === 'object' && !Array.isArray(data) ? data : null;
    throw new ApiError(response.status, errorBody, errorBody?.detail);
  }
  return data;
}
// src/lib/languages.ts
var LANGUAGES = [
  {
    code: 'fa',
    name: 'فارسی',
    countryCode: 'ir',
    dir: 'rtl',
  },
  {
    code: 'en',
    name: 'English',
    countryCode: 'gb',
    dir: 'ltr',
  },
];
var SUPPORTED_LANGUAGES = LANGUAGES.map((l) => l.code);
/** The supported language of a code ('en-US', 'EN' → en), or undefined ('xx', '', undefined). */
function supportedLanguageOf(value) {
  const base = (value ?? '').toLowerCase().split(/[-_]/)[0];
  return SUPPORTED_LANGUAGES.includes(base ?? '') ? base : void 0;
}
/** Narrows any detected or stored value ('en-US', 'EN', undefined, 'xx') to a supported language. */
function toLanguage(value) {
  return supportedLanguageOf(value) ?? 'fa';
}
function directionOf(language) {
  return toLanguage(language) === 'en' ? 'ltr' : 'rtl';
}
// src/app/i18n.ts
var NAMESPACES = ['common', 'pages', 'product', 'news'];
// src/lib/use-language.ts
/** The active language (fa or en); components re-render when it changes. */
function useLanguage() {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}
function useDirection() {
  return directionOf(useLanguage());
}
// src/lib/return-focus.ts
/**
 * Where the focus goes back when a dialog closes: the element that opened it. Radix returns focus to
 * its own Trigger only; these dialogs open from several places (header, forms, cards), so the opener
 * is remembered when they open.
 */
function rememberOpener() {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}
/** For Radix's onCloseAutoFocus: focus the opener if it is still on the page. */
function returnFocusTo(opener) {
  return (event) => {
    if (opener?.isConnected) {
      event.preventDefault();
      opener.focus();
    }
  };
}
// src/app/auth-dialog-context.tsx
var AuthDialogContext = createContext(null);
function AuthDialogProvider({ children }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('login');
  const [opener, setOpener] = useState(null);
  const openAuthDialog = useCallback((next) => {
    setOpener(rememberOpener());
    setTab(next);
    setOpen(true);
  }, []);
  const value = useMemo(
    () => ({
      open,
      tab,
      opener,
      openAuthDialog,
      setTab,
      setOpen,
    }),
    [open, tab, opener, openAuthDialog],
  );
  return /* @__PURE__ */ jsx(AuthDialogContext, {
    value,
    children,
  });
}
function useAuthDialog() {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog needs an AuthDialogProvider');
  return value;
}
// src/app/modal-context.tsx
var ModalContext = createContext(null);
function ModalProvider({ children }) {
  const [open, setOpen] = useState(false);
  const [data, setData] = useState(null);
  const [acceptRule, setAcceptRule] = useState(false);
  const [opener, setOpener] = useState(null);
  const openModal = useCallback((next) => {
    setOpener(rememberOpener());
    setData(next);
    setOpen(true);
  }, []);
  const closeModal = useCallback(() => setOpen(false), []);
  const acceptRules = useCallback(() => {
    setAcceptRule(true);
    setOpen(false);
  }, []);
  const value = useMemo(
    () => ({
      open,
      data,
      acceptRule,
      opener,
      openModal,
      closeModal,
      acceptRules,
      setAcceptRule,
    }),
    [open, data, acceptRule, opener, openModal, closeModal, acceptRules],
  );
  return /* @__PURE__ */ jsx(ModalContext, {
    value,
    children,
  });
}
function useModal() {
  const value = useContext(ModalContext);
  if (!value) throw new Error('useModal needs a ModalProvider');
  return value;
}
// src/app/providers.tsx
function Direction({ children }) {
  return /* @__PURE__ */ jsx(DirectionProvider, {
    dir: useDirection(),
    children,
  });
}
/** i18n, data, direction, modal and dialog state: the providers the app and its tests render. */
function AppProviders({ i18n, queryClient, children }) {
  return /* @__PURE__ */ jsx(I18nextProvider, {
    i18n,
    children: /* @__PURE__ */ jsx(QueryClientProvider, {
      client: queryClient,
      children: /* @__PURE__ */ jsx(Direction, {
        children: /* @__PURE__ */ jsx(ModalProvider, {
          children: /* @__PURE__ */ jsx(AuthDialogProvider, { children }),
        }),
      }),
    }),
  });
}
// src/app/route-data.ts
var routeDataContext = createContext$1();
/**
 * A React Router loader that fills the query cache through `prefetch`. Failures are left in the cache
 * as the page would meet them (a 404 product renders its not-found state); the loader itself never
 * throws, and answers null (the data lives in the query cache, not in the router).
 */
function queryLoader(prefetch) {
  return async (args) => {
    const data = args.context.get(routeDataContext);
    const loading = prefetch(data.queryClient, data.language(), args).catch(() => void 0);
    if (data.waitForData) await loading;
    return null;
  };
}
// src/app/basename.ts
/** Where the storefront lives on the server: every route of the app is under it. */
var BASENAME = '/app';
// src/lib/api/get-collections.ts
/** GET store/collections/ — the language is part of the key, so a language change refetches. */
function collectionsQueryOptions(lang, params = {}) {
  return queryOptions({
    queryKey: [lang, 'store', 'collections', { footer: params.footer ?? false }],
    queryFn: ({ signal }) =>
      apiRequest(lang, 'store/collections/', {
        query: { footer: params.footer ? 'yes' : void 0 },
        signal,
      }),
  });
}
function useCollections(params = {}, options = {}) {
  const lang = useLanguage();
  return useQuery({
    ...collectionsQueryOptions(lang, params),
    enabled: options.enabled ?? true,
  });
}
// src/app/lazy-route.ts
/** Script chunks that have not arrived within this time count as failed (spec section 7). */
var CHUNK_TIMEOUT_MS = 12e4;
/** Set (in session storage) when the page reloaded itself after a chunk failure. */
var RELOAD_FLAG = 'storefront:chunk-reload';
var ChunkLoadError = class extends Error {
  constructor(cause) {
    super('A part of the application could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
};
/** Session storage, or none on the server (entry-server.tsx) and where the browser refuses it. */
function sessionStorageOrNone() {
  try {
    return typeof window === 'undefined' ? void 0 : window.sessionStorage;
  } catch {
    return;
  }
}
function isChunkLoadError(error) {
  return error instanceof Error && error.name === 'ChunkLoadError';
}
/**
 * Loads a route's chunk; a failure or a chunk that has not arrived within the time-out becomes a
 * ChunkLoadError, which the route error boundary answers (reload once, then a message with a retry).
 * A chunk that loads clears the reload flag.
 */
async function loadChunk(importer, options = {}) {
  const { timeoutMs = CHUNK_TIMEOUT_MS, storage = sessionStorageOrNone() } = options;
  let timer;
  try {
    const module = await Promise.race([
      importer(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(/* @__PURE__ */ new Error(`not loaded within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
    storage?.removeItem(RELOAD_FLAG);
    return module;
  } catch (error) {
    throw new ChunkLoadError(error);
  } finally {
    clearTimeout(timer);
  }
}
/**
 * After a chunk failure: reload once (the chunk most likely belongs to a build a deploy replaced, and
 * the reload fetches the new one). Answers true when it reloaded, false when it already had.
 */
function reloadOnceForChunk(reload, storage = window.sessionStorage) {
  if (storage.getItem('storefront:chunk-reload') !== null) return false;
  storage.setItem(RELOAD_FLAG, String(Date.now()));
  reload();
  return true;
}
function hasReloadedForChunk(storage = window.sessionStorage) {
  return storage.getItem(RELOAD_FLAG) !== null;
}
/**
 * A React Router `lazy` for a module whose default export is the page and whose `loader`, when it has
 * one, fills the query cache with the page's data (app/route-data.ts).
 */
function lazyPage(importer) {
  return async () => {
    const module = await loadChunk(importer);
    return module.loader
      ? {
          Component: module.default,
          loader: module.loader,
        }
      : { Component: module.default };
  };
}
// src/lib/page.ts
/**
 * Reloading the page, in one place: jsdom cannot navigate, so the component tests watch this call
 * (the end-to-end tests see the real reload).
 */
var page = {
  reload() {
    window.location.reload();
  },
};
// src/components/icons.tsx
var base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
};
function GlobeIcon(props) {
  return /* @__PURE__ */ jsxs('svg', {
    ...base,
    ...props,
    children: [
      /* @__PURE__ */ jsx('circle', {
        cx: '12',
        cy: '12',
        r: '10',
      }),
      /* @__PURE__ */ jsx('path', { d: 'M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20' }),
    ],
  });
}
function SearchIcon(props) {
  return /* @__PURE__ */ jsxs('svg', {
    ...base,
    ...props,
    children: [
      /* @__PURE__ */ jsx('circle', {
        cx: '11',
        cy: '11',
        r: '7',
      }),
      /* @__PURE__ */ jsx('path', { d: 'm20 20-3.5-3.5' }),
    ],
  });
}
/** Points to the reading end of the line: mirrored in right-to-left by the `rtl:` class. */
function ChevronEndIcon({ className = '', ...props }) {
  return /* @__PURE__ */ jsx('svg', {
    ...base,
    ...props,
    className: `rtl:-scale-x-100 ${className}`,
    children: /* @__PURE__ */ jsx('path', { d: 'm9 6 6 6-6 6' }),
  });
}
function ChevronDownIcon(props) {
  return /* @__PURE__ */ jsx('svg', {
    ...base,
    ...props,
    children: /* @__PURE__ */ jsx('path', { d: 'm6 9 6 6 6-6' }),
  });
}
function MenuIcon(props) {
  return /* @__PURE__ */ jsx('svg', {
    ...base,
    ...props,
    children: /* @__PURE__ */ jsx('path', { d: 'M4 6h16M4 12h16M4 18h16' }),
  });
}
function CloseIcon(props) {
  return /* @__PURE__ */ jsx('svg', {
    ...base,
    ...props,
    children: /* @__PURE__ */ jsx('path', { d: 'M6 6l12 12M18 6 6 18' }),
  });
}
/** A paper plane; points to the reading end of the line. */
function SendIcon({ className = '', ...props }) {
  return /* @__PURE__ */ jsx('svg', {
    ...base,
    ...props,
    className: `rtl:-scale-x-100 ${className}`,
    children: /* @__PURE__ */ jsx('path', { d: 'M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z' }),
  });
}
function LinkedInIcon(props) {
  return /* @__PURE__ */ jsx('svg', {
    ...base,
    fill: 'currentColor',
    stroke: 'none',
    ...props,
    children: /* @__PURE__ */ jsx('path', {
      d: 'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3zM9.5 9.75h3.8v1.6h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1V21h-4v-4.9c0-1.17-.02-2.67-1.63-2.67-1.63 0-1.88 1.27-1.88 2.59V21h-4z',
    }),
  });
}
function YouTubeIcon(props) {
  return /* @__PURE__ */ jsx('svg', {
    ...base,
    fill: 'currentColor',
    stroke: 'none',
    ...props,
    children: /* @__PURE__ */ jsx('path', {
      d: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.75 15.5v-7l6 3.5z',
    }),
  });
}
function ImagePlaceholderIcon(props) {
  return /* @__PURE__ */ jsxs('svg', {
    ...base,
    strokeWidth: 1.5,
    ...props,
    children: [
      /* @__PURE__ */ jsx('rect', {
        x: '3',
        y: '3',
        width: '18',
        height: '18',
        rx: '2',
      }),
      /* @__PURE__ */ jsx('circle', {
        cx: '8.5',
        cy: '8.5',
        r: '1.5',
      }),
      /* @__PURE__ */ jsx('path', { d: 'm21 15-5-5L5 21' }),
    ],
  });
}
/** The flag of Iran (simplified: the three bands). */
function FlagIR(props) {
  return /* @__PURE__ */ jsxs('svg', {
    width: '24',
    height: '16',
    viewBox: '0 0 24 16',
    'aria-hidden': true,
    focusable: false,
    ...props,
    children: [
      /* @__PURE__ */ jsx('rect', {
        width: '24',
        height: '16',
        fill: '#fff',
      }),
      /* @__PURE__ */ jsx('rect', {
        width: '24',
        height: '5.33',
        fill: '#239f40',
      }),
      /* @__PURE__ */ jsx('rect', {
        y: '10.67',
        width: '24',
        height: '5.33',
        fill: '#da0000',
      }),
      /* @__PURE__ */ jsx('circle', {
        cx: '12',
        cy: '8',
        r: '1.6',
        fill: 'none',
        stroke: '#da0000',
        strokeWidth: '0.8',
      }),
    ],
  });
}
/** The flag of the United Kingdom (simplified). */
function FlagGB(props) {
  return /* @__PURE__ */ jsxs('svg', {
    width: '24',
    height: '16',
    viewBox: '0 0 60 40',
    'aria-hidden': true,
    focusable: false,
    ...props,
    children: [
      /* @__PURE__ */ jsx('rect', {
        width: '60',
        height: '40',
        fill: '#012169',
      }),
      /* @__PURE__ */ jsx('path', {
        d: 'M0 0l60 40M60 0 0 40',
        stroke: '#fff',
        strokeWidth: '8',
      }),
      /* @__PURE__ */ jsx('path', {
        d: 'M0 0l60 40M60 0 0 40',
        stroke: '#c8102e',
        strokeWidth: '3',
      }),
      /* @__PURE__ */ jsx('path', {
        d: 'M30 0v40M0 20h60',
        stroke: '#fff',
        strokeWidth: '12',
      }),
      /* @__PURE__ */ jsx('path', {
        d: 'M30 0v40M0 20h60',
        stroke: '#c8102e',
        strokeWidth: '7',
      }),
    ],
  });
}
// src/lib/api/login.ts
/** POST auth/jwt/create/ → {access, refresh}; 401 `no_active_account` for wrong credentials. */
function login(lang, input) {
  return apiRequest(lang, 'auth/jwt/create/', {
    method: 'POST',
    body: input,
    auth: false,
  });
}
function useLogin() {
  const lang = useLanguage();
  return useMutation({ mutationFn: (input) => login(lang, input) });
}
// src/lib/error-messages.ts
/** The translated message of one field code; `max` fills in "at most {{max}} characters". */
function fieldMessage(code, t, max) {
  if (code === 'too_long' && max !== void 0) return t('fieldErrors.too_long_max', { max });
  return t(`fieldErrors.${code}`);
}
/** The translated message of a whole-request code. */
function requestMessage(code, t) {
  return t(`requestErrors.${code}`);
}
/**
 * A failed call's field errors, translated: field → messages. A field whose messages came without
 * codes (an older server) gets the generic "not valid" message.
 */
function fieldMessages(error, t, limits = {}) {
  const codes = error.fieldCodes;
  const out = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const list = codes[field] ?? messages.map(() => 'invalid');
    out[field] = [...new Set(list.map((code) => fieldMessage(code, t, limits[field])))];
  }
  return out;
}
/**
 * A message for a failed call as a whole: no connection, too many requests, or the translated
 * message of its code; `fallback` when the answer had no code this version knows.
 */
function failureMessage(error, t, fallback) {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return t('toast.networkError');
  if (error.code) return requestMessage(error.code, t);
  if (error.status === 429) return requestMessage('throttled', t);
  return fallback;
}
// ../../node_modules/react-toastify/dist/index.mjs
var l = (e) => typeof e == `number` && !isNaN(e);
var u = (e) => typeof e == `string`;
var d = (e) => typeof e == `function`;
var f = (e) => u(e) || l(e);
var p = (e) => (u(e) || d(e) ? e : null);
var m = (e, t) => (e === !1 || (l(e) && e > 0) ? e : t);
var h = (e) => isValidElement(e) || u(e) || d(e) || l(e);
function g(e, t, n = 300) {
  let { scrollHeight: r, style: i } = e;
  requestAnimationFrame(() => {
    ((i.minHeight = `initial`),
      (i.height = r + `px`),
      (i.transition = `all ${n}ms`),
      requestAnimationFrame(() => {
        ((i.height = `0`), (i.padding = `0`), (i.margin = `0`), setTimeout(t, n));
      }));
  });
}
function _({ enter: t, exit: n, appendPosition: o = !1, collapse: s = !0, collapseDuration: c = 300 }) {
  return function ({
    children: l,
    position: u,
    preventExitTransition: d,
    done: f,
    nodeRef: p,
    isIn: m,
    playToast: h,
  }) {
    let _ = o ? `${t}--${u}` : t,
      v = o ? `${n}--${u}` : n,
      y = useRef(0);
    return (
      useLayoutEffect(() => {
        let e = p.current,
          t = _.split(` `),
          n = (r) => {
            r.target === p.current &&
              (h(),
              e.removeEventListener(`animationend`, n),
              e.removeEventListener(`animationcancel`, n),
              y.current === 0 && r.type !== `animationcancel` && e.classList.remove(...t));
          };
        (e.classList.add(...t),
          e.addEventListener(`animationend`, n),
          e.addEventListener(`animationcancel`, n));
      }, []),
      useEffect(() => {
        let e = p.current,
          t = () => {
            (e.removeEventListener(`animationend`, t), s ? g(e, f, c) : f());
          };
        m || (d ? t() : ((y.current = 1), (e.className += ` ${v}`), e.addEventListener(`animationend`, t)));
      }, [m]),
      /* @__PURE__ */ e.createElement(e.Fragment, null, l)
    );
  };
}
function v(e, t) {
  return {
    content: y(e.content, e.props),
    containerId: e.props.containerId,
    id: e.props.toastId,
    theme: e.props.theme,
    type: e.props.type,
    data: e.props.data || {},
    isLoading: e.props.isLoading,
    icon: e.props.icon,
    reason: e.removalReason,
    status: t,
  };
}
function y(e, r, i = !1) {
  return isValidElement(e) && !u(e.type)
    ? cloneElement(e, {
        closeToast: r.closeToast,
        toastProps: r,
        data: r.data,
        isPaused: i,
      })
    : d(e)
      ? e({
          closeToast: r.closeToast,
          toastProps: r,
          data: r.data,
          isPaused: i,
        })
      : e;
}
function b({ closeToast: t, theme: n, ariaLabel: r = `close` }) {
  return /* @__PURE__ */ e.createElement(
    `button`,
    {
      className: `Toastify__close-button Toastify__close-button--${n}`,
      type: `button`,
      onClick: (e) => {
        (e.stopPropagation(), t(!0));
      },
      'aria-label': r,
    },
    /* @__PURE__ */ e.createElement(
      `svg`,
      {
        'aria-hidden': `true`,
        viewBox: `0 0 14 16`,
      },
      /* @__PURE__ */ e.createElement(`path`, {
        fillRule: `evenodd`,
        d: `M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z`,
      }),
    ),
  );
}
function x({
  delay: t,
  isRunning: n,
  closeToast: r,
  type: i = `default`,
  hide: a,
  className: o,
  controlledProgress: s,
  progress: l,
  rtl: u,
  isIn: f,
  theme: p,
}) {
  let m = a || (s && l === 0),
    h = {
      animationDuration: `${t}ms`,
      animationPlayState: n ? `running` : `paused`,
    };
  s && (h.transform = `scaleX(${l})`);
  let g = c(
      `Toastify__progress-bar`,
      s ? `Toastify__progress-bar--controlled` : `Toastify__progress-bar--animated`,
      `Toastify__progress-bar-theme--${p}`,
      `Toastify__progress-bar--${i}`,
      { 'Toastify__progress-bar--rtl': u },
    ),
    _ = d(o)
      ? o({
          rtl: u,
          type: i,
          defaultClassName: g,
        })
      : c(g, o),
    v = {
      [s && l >= 1 ? `onTransitionEnd` : `onAnimationEnd`]:
        s && l < 1
          ? null
          : () => {
              f && r();
            },
    };
  return /* @__PURE__ */ e.createElement(
    `div`,
    {
      className: `Toastify__progress-bar--wrp`,
      'data-hidden': m,
    },
    /* @__PURE__ */ e.createElement(`div`, {
      className: `Toastify__progress-bar--bg Toastify__progress-bar-theme--${p} Toastify__progress-bar--${i}`,
    }),
    /* @__PURE__ */ e.createElement(`div`, {
      role: `progressbar`,
      'aria-hidden': m ? `true` : `false`,
      'aria-label': `notification timer`,
      'aria-valuenow': s ? Math.round(l * 100) : void 0,
      'aria-valuemin': 0,
      'aria-valuemax': 100,
      className: _,
      style: h,
      ...v,
    }),
  );
}
var S = 1;
var C = () => `${S++}`;
function w(e, t, n) {
  let r = 1,
    i = 0,
    a = [],
    o = [],
    s = t,
    c = /* @__PURE__ */ new Map(),
    u = /* @__PURE__ */ new Set(),
    d = (e) => (u.add(e), () => u.delete(e)),
    f = () => {
      ((o = Array.from(c.values())), u.forEach((e) => e()));
    },
    g = ({ containerId: t, toastId: n, updateId: r }) => {
      let i = t ? t !== e : e !== 1,
        a = c.has(n) && r == null;
      return i || a;
    },
    _ = (e, t) => {
      c.forEach((n) => {
        var r;
        (t != null && t !== n.props.toastId) || (r = n.toggle) == null || r.call(n, e);
      });
    },
    y = (e) => {
      var t, r;
      e.isActive &&
        ((t = e.props) == null || (r = t.onClose) == null || r.call(t, e.removalReason),
        (e.isActive = !1),
        n(v(e, `removed`)));
    },
    b = (e) => {
      if (e == null) c.forEach(y);
      else {
        let t = c.get(e);
        t && y(t);
      }
      f();
    },
    x = () => {
      ((i -= a.length), (a = []));
    },
    S = (e) => {
      var t, r;
      let { toastId: i, updateId: a } = e.props,
        o = a == null;
      (e.staleId && c.delete(e.staleId),
        (e.isActive = !0),
        c.set(i, e),
        f(),
        n(v(e, o ? `added` : `updated`)),
        o && ((t = (r = e.props).onOpen) == null || t.call(r)));
    };
  return {
    id: e,
    props: s,
    observe: d,
    toggle: _,
    removeToast: b,
    toasts: c,
    clearQueue: x,
    buildToast: (e, t) => {
      if (g(t)) return;
      let { toastId: n, updateId: o, data: u, staleId: d, delay: _ } = t,
        v = o == null;
      v && i++;
      let y = {
        ...s,
        style: s.toastStyle,
        key: r++,
        ...Object.fromEntries(Object.entries(t).filter(([e, t]) => t != null)),
        toastId: n,
        updateId: o,
        data: u,
        isIn: !1,
        className: p(t.className || s.toastClassName),
        progressClassName: p(t.progressClassName || s.progressClassName),
        autoClose: !t.isLoading && m(t.autoClose, s.autoClose),
        closeToast(e) {
          let t = c.get(n);
          t && ((t.removalReason = e), b(n));
        },
        deleteToast() {
          c.get(n) != null && (c.delete(n), i--, i < 0 && (i = 0), a.length > 0 ? S(a.shift()) : f());
        },
      };
      ((y.closeButton = s.closeButton),
        t.closeButton === !1 || h(t.closeButton)
          ? (y.closeButton = t.closeButton)
          : t.closeButton === !0 && (y.closeButton = !h(s.closeButton) || s.closeButton));
      let x = {
        content: e,
        props: y,
        staleId: d,
      };
      s.limit && s.limit > 0 && i > s.limit && v
        ? a.push(x)
        : l(_)
          ? setTimeout(() => {
              S(x);
            }, _)
          : S(x);
    },
    setProps(e) {
      s = e;
    },
    setToggle: (e, t) => {
      let n = c.get(e);
      n && (n.toggle = t);
    },
    isToastActive: (e) => {
      var t;
      return (t = c.get(e)) == null ? void 0 : t.isActive;
    },
    getSnapshot: () => o,
  };
}
var T = /* @__PURE__ */ new Map();
var E = [];
var D = /* @__PURE__ */ new Set();
var O = (e) => D.forEach((t) => t(e));
var k = () => T.size > 0;
function A() {
  (E.forEach((e) => F(e.content, e.options)), (E = []));
}
var j = (e, { containerId: t }) => {
  var n;
  return (n = T.get(t || 1)) == null ? void 0 : n.toasts.get(e);
};
function M(e, t) {
  var n;
  if (t) return !!((n = T.get(t)) != null && n.isToastActive(e));
  let r = !1;
  return (
    T.forEach((t) => {
      t.isToastActive(e) && (r = !0);
    }),
    r
  );
}
function N(e) {
  if (!k()) E = E.filter((t) => e != null && t.options.toastId !== e);
  else if (e == null || f(e))
    T.forEach((t) => {
      t.removeToast(e);
    });
  else if (e && (`containerId` in e || `id` in e)) {
    let t = T.get(e.containerId);
    t
      ? t.removeToast(e.id)
      : T.forEach((t) => {
          t.removeToast(e.id);
        });
  }
}
var P = (e = {}) => {
  T.forEach((t) => {
    t.props.limit && (!e.containerId || t.id === e.containerId) && t.clearQueue();
  });
};
function F(e, t) {
  h(e) &&
    (k() ||
      E.push({
        content: e,
        options: t,
      }),
    T.forEach((n) => {
      n.buildToast(e, t);
    }));
}
function I(e) {
  var t;
  (t = T.get(e.containerId || 1)) == null || t.setToggle(e.id, e.fn);
}
function L(e, t) {
  T.forEach((n) => {
    (t != null && t != null && t.containerId && (t == null ? void 0 : t.containerId) !== n.id) ||
      n.toggle(e, t == null ? void 0 : t.id);
  });
}
function R(e) {
  let t = e.containerId || 1;
  return {
    subscribe(n) {
      let r = w(t, e, O);
      T.set(t, r);
      let i = r.observe(n);
      return (
        A(),
        () => {
          (i(), T.delete(t));
        }
      );
    },
    setProps(e) {
      var n;
      (n = T.get(t)) == null || n.setProps(e);
    },
    getSnapshot() {
      var e;
      return (e = T.get(t)) == null ? void 0 : e.getSnapshot();
    },
  };
}
function z$1(e) {
  return (
    D.add(e),
    () => {
      D.delete(e);
    }
  );
}
function B(e) {
  return e && (u(e.toastId) || l(e.toastId)) ? e.toastId : C();
}
function V(e, t) {
  return (F(e, t), t.toastId);
}
function H(e, t) {
  return {
    ...t,
    type: (t && t.type) || e,
    toastId: B(t),
  };
}
function U(e) {
  return (t, n) => V(t, H(e, n));
}
function W(e, t) {
  return V(e, H(`default`, t));
}
W.loading = (e, t) =>
  V(
    e,
    H(`default`, {
      isLoading: !0,
      autoClose: !1,
      closeOnClick: !1,
      closeButton: !1,
      draggable: !1,
      ...t,
    }),
  );
function G(e, { pending: t, error: n, success: r }, i) {
  let a;
  t &&
    (a = u(t)
      ? W.loading(t, i)
      : W.loading(t.render, {
          ...i,
          ...t,
        }));
  let o = {
      isLoading: null,
      autoClose: null,
      closeOnClick: null,
      closeButton: null,
      draggable: null,
    },
    s = (e, t, n) => {
      if (t == null) {
        W.dismiss(a);
        return;
      }
      let r = {
          type: e,
          ...o,
          ...i,
          data: n,
        },
        s = u(t) ? { render: t } : t;
      return (
        a
          ? W.update(a, {
              ...r,
              ...s,
            })
          : W(s.render, {
              ...r,
              ...s,
            }),
        n
      );
    },
    c = d(e) ? e() : e;
  return (c.then((e) => s(`success`, r, e)).catch((e) => s(`error`, n, e)), c);
}
((W.promise = G),
  (W.success = U(`success`)),
  (W.info = U(`info`)),
  (W.error = U(`error`)),
  (W.warning = U(`warning`)),
  (W.warn = W.warning),
  (W.dark = (e, t) =>
    V(
      e,
      H(`default`, {
        theme: `dark`,
        ...t,
      }),
    )));
function K(e) {
  N(e);
}
((W.dismiss = K),
  (W.clearWaitingQueue = P),
  (W.isActive = M),
  (W.update = (e, t = {}) => {
    let n = j(e, t);
    if (n) {
      let { props: r, content: i } = n,
        a = {
          delay: 100,
          ...r,
          ...t,
          toastId: t.toastId || e,
          updateId: C(),
        };
      a.toastId !== e && (a.staleId = e);
      let o = a.render || i;
      (delete a.render, V(o, a));
    }
  }),
  (W.done = (e) => {
    W.update(e, { progress: 1 });
  }),
  (W.onChange = z$1),
  (W.play = (e) => L(!0, e)),
  (W.pause = (e) => L(!1, e)));
function q(e) {
  var t;
  let { subscribe: n, getSnapshot: r, setProps: i } = useRef(R(e)).current;
  i(e);
  let o = (t = useSyncExternalStore(n, r, r)) == null ? void 0 : t.slice();
  function c(t) {
    if (!o) return [];
    let n = /* @__PURE__ */ new Map();
    return (
      e.newestOnTop && o.reverse(),
      o.forEach((e) => {
        let { position: t } = e.props;
        (n.has(t) || n.set(t, []), n.get(t).push(e));
      }),
      Array.from(n, (e) => t(e[0], e[1]))
    );
  }
  return {
    getToastToRender: c,
    isToastActive: M,
    count: o == null ? void 0 : o.length,
  };
}
function ee(e) {
  let [t, n] = useState(!1),
    [i, s] = useState(!1),
    c = useRef(null),
    l = useRef({
      start: 0,
      delta: 0,
      removalDistance: 0,
      canCloseOnClick: !0,
      canDrag: !1,
      didMove: !1,
    }).current,
    { autoClose: u, pauseOnHover: d, closeToast: f, onClick: p, closeOnClick: m } = e;
  (I({
    id: e.toastId,
    containerId: e.containerId,
    fn: n,
  }),
    useEffect(() => {
      if (e.pauseOnFocusLoss)
        return (
          h(),
          () => {
            g();
          }
        );
    }, [e.pauseOnFocusLoss]));
  function h() {
    (document.hasFocus() || b(), window.addEventListener(`focus`, y), window.addEventListener(`blur`, b));
  }
  function g() {
    (window.removeEventListener(`focus`, y), window.removeEventListener(`blur`, b));
  }
  function _(t) {
    if (e.draggable === !0 || e.draggable === t.pointerType) {
      x();
      let n = c.current;
      ((l.canCloseOnClick = !0),
        (l.canDrag = !0),
        (n.style.transition = `none`),
        e.draggableDirection === `x`
          ? ((l.start = t.clientX), (l.removalDistance = n.offsetWidth * (e.draggablePercent / 100)))
          : ((l.start = t.clientY),
            (l.removalDistance =
              (n.offsetHeight * (e.draggablePercent === 80 ? e.draggablePercent * 1.5 : e.draggablePercent)) /
              100)));
    }
  }
  function v(t) {
    let { top: n, bottom: r, left: i, right: a } = c.current.getBoundingClientRect();
    t.pointerType === `mouse` &&
    e.pauseOnHover &&
    t.clientX >= i &&
    t.clientX <= a &&
    t.clientY >= n &&
    t.clientY <= r
      ? b()
      : y();
  }
  function y() {
    n(!0);
  }
  function b() {
    n(!1);
  }
  function x() {
    ((l.didMove = !1),
      document.addEventListener(`pointermove`, C),
      document.addEventListener(`pointerup`, w));
  }
  function S() {
    (document.removeEventListener(`pointermove`, C), document.removeEventListener(`pointerup`, w));
  }
  function C(n) {
    let r = c.current;
    if (l.canDrag && r) {
      ((l.didMove = !0),
        t && b(),
        e.draggableDirection === `x` ? (l.delta = n.clientX - l.start) : (l.delta = n.clientY - l.start),
        l.start !== n.clientX && (l.canCloseOnClick = !1));
      let i = e.draggableDirection === `x` ? `${l.delta}px, var(--y)` : `0, calc(${l.delta}px + var(--y))`;
      ((r.style.transform = `translate3d(${i},0)`),
        (r.style.opacity = `${1 - Math.abs(l.delta / l.removalDistance)}`));
    }
  }
  function w() {
    S();
    let t = c.current;
    if (l.canDrag && l.didMove && t) {
      if (((l.canDrag = !1), Math.abs(l.delta) > l.removalDistance)) {
        (s(!0), e.closeToast(!0), e.collapseAll());
        return;
      }
      ((t.style.transition = `transform 0.2s, opacity 0.2s`),
        t.style.removeProperty(`transform`),
        t.style.removeProperty(`opacity`));
    }
  }
  let T = {
    onPointerDown: _,
    onPointerUp: v,
  };
  return (
    u && d && ((T.onMouseEnter = b), e.stacked || (T.onMouseLeave = y)),
    m &&
      (T.onClick = (e) => {
        (p && p(e), l.canCloseOnClick && f(!0));
      }),
    {
      playToast: y,
      pauseToast: b,
      isRunning: t,
      preventExitTransition: i,
      toastRef: c,
      eventHandlers: T,
    }
  );
}
var J = typeof window < `u` ? useLayoutEffect : useEffect;
var Y = ({ theme: t, type: n, isLoading: r, ...i }) =>
  /* @__PURE__ */ e.createElement(`svg`, {
    viewBox: `0 0 24 24`,
    width: `100%`,
    height: `100%`,
    fill: t === `colored` ? `currentColor` : `var(--toastify-icon-color-${n})`,
    ...i,
  });
function te(t) {
  return /* @__PURE__ */ e.createElement(
    Y,
    t,
    /* @__PURE__ */ e.createElement(`path`, {
      d: `M23.32 17.191L15.438 2.184C14.728.833 13.416 0 11.996 0c-1.42 0-2.733.833-3.443 2.184L.533 17.448a4.744 4.744 0 000 4.368C1.243 23.167 2.555 24 3.975 24h16.05C22.22 24 24 22.044 24 19.632c0-.904-.251-1.746-.68-2.44zm-9.622 1.46c0 1.033-.724 1.823-1.698 1.823s-1.698-.79-1.698-1.822v-.043c0-1.028.724-1.822 1.698-1.822s1.698.79 1.698 1.822v.043zm.039-12.285l-.84 8.06c-.057.581-.408.943-.897.943-.49 0-.84-.367-.896-.942l-.84-8.065c-.057-.624.25-1.095.779-1.095h1.91c.528.005.84.476.784 1.1z`,
    }),
  );
}
function ne(t) {
  return /* @__PURE__ */ e.createElement(
    Y,
    t,
    /* @__PURE__ */ e.createElement(`path`, {
      d: `M12 0a12 12 0 1012 12A12.013 12.013 0 0012 0zm.25 5a1.5 1.5 0 11-1.5 1.5 1.5 1.5 0 011.5-1.5zm2.25 13.5h-4a1 1 0 010-2h.75a.25.25 0 00.25-.25v-4.5a.25.25 0 00-.25-.25h-.75a1 1 0 010-2h1a2 2 0 012 2v4.75a.25.25 0 00.25.25h.75a1 1 0 110 2z`,
    }),
  );
}
function re(t) {
  return /* @__PURE__ */ e.createElement(
    Y,
    t,
    /* @__PURE__ */ e.createElement(`path`, {
      d: `M12 0a12 12 0 1012 12A12.014 12.014 0 0012 0zm6.927 8.2l-6.845 9.289a1.011 1.011 0 01-1.43.188l-4.888-3.908a1 1 0 111.25-1.562l4.076 3.261 6.227-8.451a1 1 0 111.61 1.183z`,
    }),
  );
}
function ie(t) {
  return /* @__PURE__ */ e.createElement(
    Y,
    t,
    /* @__PURE__ */ e.createElement(`path`, {
      d: `M11.983 0a12.206 12.206 0 00-8.51 3.653A11.8 11.8 0 000 12.207 11.779 11.779 0 0011.8 24h.214A12.111 12.111 0 0024 11.791 11.766 11.766 0 0011.983 0zM10.5 16.542a1.476 1.476 0 011.449-1.53h.027a1.527 1.527 0 011.523 1.47 1.475 1.475 0 01-1.449 1.53h-.027a1.529 1.529 0 01-1.523-1.47zM11 12.5v-6a1 1 0 012 0v6a1 1 0 11-2 0z`,
    }),
  );
}
function ae() {
  return /* @__PURE__ */ e.createElement(`div`, { className: `Toastify__spinner` });
}
var X = {
  info: ne,
  warning: te,
  success: re,
  error: ie,
  spinner: ae,
};
var oe = (e) => e in X;
function se({ theme: e, type: r, isLoading: i, icon: a }) {
  let o = null,
    s = {
      theme: e,
      type: r,
    };
  return (
    a === !1 ||
      (d(a)
        ? (o = a({
            ...s,
            isLoading: i,
          }))
        : isValidElement(a)
          ? (o = cloneElement(a, s))
          : i
            ? (o = X.spinner())
            : oe(r) && (o = X[r](s))),
    o
  );
}
var Z = (e, t = !1) => ({
  enter: `Toastify--animate Toastify__${e}-enter`,
  exit: `Toastify--animate Toastify__${e}-exit`,
  appendPosition: t,
});
var ce = ({ children: t, isIn: n, done: a, playToast: o }) => (
  useLayoutEffect(() => {
    o();
  }, []),
  useEffect(() => {
    n || a();
  }, [n]),
  /* @__PURE__ */ e.createElement(e.Fragment, null, t)
);
var Q = _(Z(`bounce`, !0));
_(Z(`slide`, !0));
_(Z(`zoom`));
_(Z(`flip`));
var fe = (r) => {
  let { isRunning: i, preventExitTransition: a, toastRef: o, eventHandlers: s, playToast: l } = ee(r),
    {
      closeButton: u,
      children: f,
      autoClose: p,
      onClick: m,
      type: h,
      hideProgressBar: g,
      closeToast: _,
      transition: v,
      position: S,
      className: C,
      style: w,
      progressClassName: T,
      updateId: E,
      role: D,
      progress: O,
      rtl: k,
      toastId: A,
      deleteToast: j,
      isIn: M,
      isLoading: N,
      closeOnClick: P,
      theme: F,
      ariaLabel: I,
    } = r,
    L = c(
      `Toastify__toast`,
      `Toastify__toast-theme--${F}`,
      `Toastify__toast--${h}`,
      { 'Toastify__toast--rtl': k },
      { 'Toastify__toast--close-on-click': P },
    ),
    R = d(C)
      ? C({
          rtl: k,
          position: S,
          type: h,
          defaultClassName: L,
        })
      : c(L, C),
    z = se(r),
    B = v || ce,
    V = !!O || !p,
    H = {
      closeToast: _,
      type: h,
      theme: F,
    },
    U = null;
  return (
    u === !1 || (U = d(u) ? u(H) : isValidElement(u) ? cloneElement(u, H) : b(H)),
    /* @__PURE__ */ e.createElement(
      B,
      {
        isIn: M,
        done: j,
        position: S,
        preventExitTransition: a,
        nodeRef: o,
        playToast: l,
      },
      /* @__PURE__ */ e.createElement(
        `div`,
        {
          id: A,
          tabIndex: 0,
          onClick: m,
          'data-in': M,
          className: R,
          ...s,
          style: w,
          ref: o,
          ...(M && {
            role: D,
            'aria-label': I,
          }),
        },
        z != null &&
          /* @__PURE__ */ e.createElement(
            `div`,
            { className: c(`Toastify__toast-icon`, { 'Toastify--animate-icon Toastify__zoom-enter': !N }) },
            z,
          ),
        y(f, r, !i),
        U,
        !r.customProgressBar &&
          /* @__PURE__ */ e.createElement(x, {
            ...(E && !V ? { key: `p-${E}` } : {}),
            rtl: k,
            theme: F,
            delay: p,
            isRunning: i,
            isIn: M,
            closeToast: _,
            hide: g,
            type: h,
            className: T,
            controlledProgress: V,
            progress: O || 0,
          }),
      ),
    )
  );
};
var pe = {
  position: `top-right`,
  transition: Q,
  autoClose: 5e3,
  closeButton: !0,
  pauseOnHover: !0,
  pauseOnFocusLoss: !0,
  draggable: `touch`,
  draggablePercent: 80,
  draggableDirection: `x`,
  role: `alert`,
  theme: `light`,
  'aria-label': `Notifications Alt+T`,
  hotKeys: (e) => e.altKey && e.code === `KeyT`,
};
function me(t) {
  let n = {
      ...pe,
      ...t,
    },
    i = t.stacked,
    [s, l] = useState(!0),
    u = useRef(null),
    { getToastToRender: f, isToastActive: m, count: h } = q(n),
    { className: g, style: _, rtl: v, containerId: y, hotKeys: b } = n;
  function x(e) {
    let t = c(`Toastify__toast-container`, `Toastify__toast-container--${e}`, {
      'Toastify__toast-container--rtl': v,
    });
    return d(g)
      ? g({
          position: e,
          rtl: v,
          defaultClassName: t,
        })
      : c(t, p(g));
  }
  function S() {
    i && (l(!0), W.play());
  }
  return (
    J(() => {
      if (i) {
        var e;
        let t = u.current.querySelectorAll(`[data-in="true"]`),
          r = (e = n.position) == null ? void 0 : e.includes(`top`),
          i = 0,
          a = 0;
        Array.from(t)
          .reverse()
          .forEach((e, t) => {
            let n = e;
            (n.classList.add(`Toastify__toast--stacked`),
              t > 0 && (n.dataset.collapsed = `${s}`),
              n.dataset.pos || (n.dataset.pos = r ? `top` : `bot`));
            let o = i * (s ? 0.2 : 1) + (s ? 0 : 12 * t),
              c = Math.max(0.5, 1 - (s ? a : 0));
            (n.style.setProperty(`--y`, `${r ? o : o * -1}px`),
              n.style.setProperty(`--g`, `12`),
              n.style.setProperty(`--s`, `${c}`),
              (i += n.offsetHeight),
              (a += 0.025));
          });
      }
    }, [s, h, i]),
    useEffect(() => {
      function e(e) {
        let t = u.current;
        if (b(e)) {
          var n;
          (t == null || (n = t.querySelector(`[tabIndex="0"]`)) == null || n.focus(), l(!1), W.pause());
        }
        e.key === `Escape` &&
          (document.activeElement === t || (t != null && t.contains(document.activeElement))) &&
          (l(!0), W.play());
      }
      return (
        document.addEventListener(`keydown`, e),
        () => {
          document.removeEventListener(`keydown`, e);
        }
      );
    }, [b]),
    /* @__PURE__ */ e.createElement(
      `section`,
      {
        ref: u,
        className: `Toastify`,
        id: y,
        onMouseEnter: () => {
          i && (l(!1), W.pause());
        },
        onMouseLeave: S,
        'aria-live': `polite`,
        'aria-atomic': `false`,
        'aria-relevant': `additions text`,
        'aria-label': n[`aria-label`],
      },
      f((t, n) => {
        let r = n.length
          ? { ..._ }
          : {
              ..._,
              pointerEvents: `none`,
            };
        return /* @__PURE__ */ e.createElement(
          `div`,
          {
            tabIndex: -1,
            className: x(t),
            'data-stacked': i,
            style: r,
            key: `c-${t}`,
          },
          n.map(({ content: t, props: n }) =>
            /* @__PURE__ */ e.createElement(
              fe,
              {
                ...n,
                stacked: i,
                collapseAll: S,
                isIn: m(n.toastId, n.containerId),
                key: `t-${n.key}`,
              },
              t,
            ),
          ),
        );
      }),
    )
  );
}
var he = `:root {
  --toastify-color-light: #fff;
  --toastify-color-dark: #121212;
  --toastify-color-info: #3498db;
  --toastify-color-success: #07bc0c;
  --toastify-color-warning: #f1c40f;
  --toastify-color-error: hsl(6, 78%, 57%);
  --toastify-color-transparent: rgba(255, 255, 255, 0.7);

  --toastify-icon-color-info: var(--toastify-color-info);
  --toastify-icon-color-success: var(--toastify-color-success);
  --toastify-icon-color-warning: var(--toastify-color-warning);
  --toastify-icon-color-error: var(--toastify-color-error);

  --toastify-container-width: fit-content;
  --toastify-toast-width: 320px;
  --toastify-toast-offset: 16px;
  --toastify-toast-top: max(var(--toastify-toast-offset), env(safe-area-inset-top));
  --toastify-toast-right: max(var(--toastify-toast-offset), env(safe-area-inset-right));
  --toastify-toast-left: max(var(--toastify-toast-offset), env(safe-area-inset-left));
  --toastify-toast-bottom: max(var(--toastify-toast-offset), env(safe-area-inset-bottom));
  --toastify-toast-background: #fff;
  --toastify-toast-padding: 14px;
  --toastify-toast-min-height: 64px;
  --toastify-toast-max-height: 800px;
  --toastify-toast-bd-radius: 6px;
  --toastify-toast-shadow: 0px 4px 12px rgba(0, 0, 0, 0.1);
  --toastify-font-family: sans-serif;
  --toastify-z-index: 9999;
  --toastify-text-color-light: #757575;
  --toastify-text-color-dark: #fff;

  /* Used only for colored theme */
  --toastify-text-color-info: #fff;
  --toastify-text-color-success: #fff;
  --toastify-text-color-warning: #fff;
  --toastify-text-color-error: #fff;

  --toastify-spinner-color: #616161;
  --toastify-spinner-color-empty-area: #e0e0e0;
  --toastify-color-progress-light: linear-gradient(to right, #4cd964, #5ac8fa, #007aff, #34aadc, #5856d6, #ff2d55);
  --toastify-color-progress-dark: #bb86fc;
  --toastify-color-progress-info: var(--toastify-color-info);
  --toastify-color-progress-success: var(--toastify-color-success);
  --toastify-color-progress-warning: var(--toastify-color-warning);
  --toastify-color-progress-error: var(--toastify-color-error);
  /* used to control the opacity of the progress trail */
  --toastify-color-progress-bgo: 0.2;
}

.Toastify__toast-container {
  z-index: var(--toastify-z-index);
  -webkit-transform: translate3d(0, 0, var(--toastify-z-index));
  position: fixed;
  width: var(--toastify-container-width);
  box-sizing: border-box;
  color: #fff;
  display: flex;
  flex-direction: column;
}

.Toastify__toast-container--top-left {
  top: var(--toastify-toast-top);
  left: var(--toastify-toast-left);
}
.Toastify__toast-container--top-center {
  top: var(--toastify-toast-top);
  left: 50%;
  transform: translateX(-50%);
  align-items: center;
}
.Toastify__toast-container--top-right {
  top: var(--toastify-toast-top);
  right: var(--toastify-toast-right);
  align-items: end;
}
.Toastify__toast-container--bottom-left {
  bottom: var(--toastify-toast-bottom);
  left: var(--toastify-toast-left);
}
.Toastify__toast-container--bottom-center {
  bottom: var(--toastify-toast-bottom);
  left: 50%;
  transform: translateX(-50%);
  align-items: center;
}
.Toastify__toast-container--bottom-right {
  bottom: var(--toastify-toast-bottom);
  right: var(--toastify-toast-right);
  align-items: end;
}

.Toastify__toast {
  --y: 0px;
  position: relative;
  touch-action: none;
  width: var(--toastify-toast-width);
  min-height: var(--toastify-toast-min-height);
  box-sizing: border-box;
  margin-bottom: 1rem;
  padding: var(--toastify-toast-padding);
  border-radius: var(--toastify-toast-bd-radius);
  box-shadow: var(--toastify-toast-shadow);
  max-height: var(--toastify-toast-max-height);
  font-family: var(--toastify-font-family);
  /* webkit only issue #791 */
  z-index: 0;
  /* inner swag */
  display: flex;
  flex: 1 auto;
  align-items: center;
  word-break: break-word;
}

@media only screen and (max-width: 480px) {
  .Toastify__toast-container {
    width: 100vw;
    left: env(safe-area-inset-left);
    margin: 0;
  }
  .Toastify__toast-container--top-left,
  .Toastify__toast-container--top-center,
  .Toastify__toast-container--top-right {
    top: env(safe-area-inset-top);
    transform: translateX(0);
  }
  .Toastify__toast-container--bottom-left,
  .Toastify__toast-container--bottom-center,
  .Toastify__toast-container--bottom-right {
    bottom: env(safe-area-inset-bottom);
    transform: translateX(0);
  }
  .Toastify__toast-container--rtl {
    right: env(safe-area-inset-right);
    left: initial;
  }
  .Toastify__toast {
    --toastify-toast-width: 100%;
    margin-bottom: 0;
    border-radius: 0;
  }
}

.Toastify__toast-container[data-stacked='true'] {
  width: var(--toastify-toast-width);
}

@media only screen and (max-width: 480px) {
  .Toastify__toast-container[data-stacked='true'] {
    width: 100vw;
  }
}

.Toastify__toast--stacked {
  position: absolute;
  width: 100%;
  transform: translate3d(0, var(--y), 0) scale(var(--s));
  transition: transform 0.3s;
}

.Toastify__toast--stacked[data-collapsed] .Toastify__toast-body,
.Toastify__toast--stacked[data-collapsed] .Toastify__close-button {
  transition: opacity 0.1s;
}

.Toastify__toast--stacked[data-collapsed='false'] {
  overflow: visible;
}

.Toastify__toast--stacked[data-collapsed='true']:not(:last-child) > * {
  opacity: 0;
}

.Toastify__toast--stacked:after {
  content: '';
  position: absolute;
  left: 0;
  right: 0;
  height: calc(var(--g) * 1px);
  bottom: 100%;
}

.Toastify__toast--stacked[data-pos='top'] {
  top: 0;
}

.Toastify__toast--stacked[data-pos='bot'] {
  bottom: 0;
}

.Toastify__toast--stacked[data-pos='bot'].Toastify__toast--stacked:before {
  transform-origin: top;
}

.Toastify__toast--stacked[data-pos='top'].Toastify__toast--stacked:before {
  transform-origin: bottom;
}

.Toastify__toast--stacked:before {
  content: '';
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: 100%;
  transform: scaleY(3);
  z-index: -1;
}

.Toastify__toast--rtl {
  direction: rtl;
}

.Toastify__toast--close-on-click {
  cursor: pointer;
}

.Toastify__toast-icon {
  margin-inline-end: 10px;
  width: 22px;
  flex-shrink: 0;
  display: flex;
}

.Toastify--animate {
  animation-fill-mode: both;
  animation-duration: 0.5s;
}

.Toastify--animate-icon {
  animation-fill-mode: both;
  animation-duration: 0.3s;
}

.Toastify__toast-theme--dark {
  background: var(--toastify-color-dark);
  color: var(--toastify-text-color-dark);
}

.Toastify__toast-theme--light {
  background: var(--toastify-color-light);
  color: var(--toastify-text-color-light);
}

.Toastify__toast-theme--auto {
  background: var(--toastify-color-light);
  color: var(--toastify-text-color-light);
}

.Toastify__toast-theme--colored.Toastify__toast--default {
  background: var(--toastify-color-light);
  color: var(--toastify-text-color-light);
}

.Toastify__toast-theme--colored.Toastify__toast--info {
  color: var(--toastify-text-color-info);
  background: var(--toastify-color-info);
}

.Toastify__toast-theme--colored.Toastify__toast--success {
  color: var(--toastify-text-color-success);
  background: var(--toastify-color-success);
}

.Toastify__toast-theme--colored.Toastify__toast--warning {
  color: var(--toastify-text-color-warning);
  background: var(--toastify-color-warning);
}

.Toastify__toast-theme--colored.Toastify__toast--error {
  color: var(--toastify-text-color-error);
  background: var(--toastify-color-error);
}

.Toastify__progress-bar-theme--light {
  background: var(--toastify-color-progress-light);
}

.Toastify__progress-bar-theme--dark {
  background: var(--toastify-color-progress-dark);
}

.Toastify__progress-bar-theme--auto {
  background: var(--toastify-color-progress-light);
}

.Toastify__progress-bar--info {
  background: var(--toastify-color-progress-info);
}

.Toastify__progress-bar--success {
  background: var(--toastify-color-progress-success);
}

.Toastify__progress-bar--warning {
  background: var(--toastify-color-progress-warning);
}

.Toastify__progress-bar--error {
  background: var(--toastify-color-progress-error);
}

.Toastify__progress-bar-theme--colored.Toastify__progress-bar--info,
.Toastify__progress-bar-theme--colored.Toastify__progress-bar--success,
.Toastify__progress-bar-theme--colored.Toastify__progress-bar--warning,
.Toastify__progress-bar-theme--colored.Toastify__progress-bar--error {
  background: var(--toastify-color-transparent);
}

.Toastify__close-button {
  color: #fff;
  position: absolute;
  top: 6px;
  right: 6px;
  background: transparent;
  outline: none;
  border: none;
  padding: 0;
  cursor: pointer;
  opacity: 0.7;
  transition: 0.3s ease;
  z-index: 1;
}

.Toastify__toast--rtl .Toastify__close-button {
  left: 6px;
  right: unset;
}

.Toastify__close-button--light {
  color: #000;
  opacity: 0.3;
}

.Toastify__close-button--auto {
  color: #000;
  opacity: 0.3;
}

@media (prefers-color-scheme: dark) {
  .Toastify__toast-theme--auto {
    background: var(--toastify-color-dark);
    color: var(--toastify-text-color-dark);
  }

  .Toastify__progress-bar-theme--auto {
    background: var(--toastify-color-progress-dark);
  }

  .Toastify__close-button--auto {
    color: #fff;
    opacity: 0.7;
  }
}

.Toastify__close-button > svg {
  fill: currentColor;
  height: 16px;
  width: 14px;
}

.Toastify__close-button:hover,
.Toastify__close-button:focus {
  opacity: 1;
}

@keyframes Toastify__trackProgress {
  0% {
    transform: scaleX(1);
  }
  100% {
    transform: scaleX(0);
  }
}

.Toastify__progress-bar {
  position: absolute;
  bottom: 0;
  left: 0;
  width: 100%;
  height: 100%;
  z-index: 1;
  opacity: 0.7;
  transform-origin: left;
}

.Toastify__progress-bar--animated {
  animation: Toastify__trackProgress linear 1 forwards;
}

.Toastify__progress-bar--controlled {
  transition: transform 0.2s;
}

.Toastify__progress-bar--rtl {
  right: 0;
  left: initial;
  transform-origin: right;
  border-bottom-left-radius: initial;
}

.Toastify__progress-bar--wrp {
  position: absolute;
  overflow: hidden;
  bottom: 0;
  left: 0;
  width: 100%;
  height: 5px;
  border-bottom-left-radius: var(--toastify-toast-bd-radius);
  border-bottom-right-radius: var(--toastify-toast-bd-radius);
}

.Toastify__progress-bar--wrp[data-hidden='true'] {
  opacity: 0;
}

.Toastify__progress-bar--bg {
  opacity: var(--toastify-color-progress-bgo);
  width: 100%;
  height: 100%;
}

.Toastify__spinner {
  width: 20px;
  height: 20px;
  box-sizing: border-box;
  border: 2px solid;
  border-radius: 100%;
  border-color: var(--toastify-spinner-color-empty-area);
  border-right-color: var(--toastify-spinner-color);
  animation: Toastify__spin 0.65s linear infinite;
}

@keyframes Toastify__bounceInRight {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  from {
    opacity: 0;
    transform: translate3d(3000px, 0, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(-25px, 0, 0);
  }
  75% {
    transform: translate3d(10px, 0, 0);
  }
  90% {
    transform: translate3d(-5px, 0, 0);
  }
  to {
    transform: none;
  }
}

@keyframes Toastify__bounceOutRight {
  20% {
    opacity: 1;
    transform: translate3d(-20px, var(--y), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(2000px, var(--y), 0);
  }
}

@keyframes Toastify__bounceInLeft {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  0% {
    opacity: 0;
    transform: translate3d(-3000px, 0, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(25px, 0, 0);
  }
  75% {
    transform: translate3d(-10px, 0, 0);
  }
  90% {
    transform: translate3d(5px, 0, 0);
  }
  to {
    transform: none;
  }
}

@keyframes Toastify__bounceOutLeft {
  20% {
    opacity: 1;
    transform: translate3d(20px, var(--y), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(-2000px, var(--y), 0);
  }
}

@keyframes Toastify__bounceInUp {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  from {
    opacity: 0;
    transform: translate3d(0, 3000px, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(0, -20px, 0);
  }
  75% {
    transform: translate3d(0, 10px, 0);
  }
  90% {
    transform: translate3d(0, -5px, 0);
  }
  to {
    transform: translate3d(0, 0, 0);
  }
}

@keyframes Toastify__bounceOutUp {
  20% {
    transform: translate3d(0, calc(var(--y) - 10px), 0);
  }
  40%,
  45% {
    opacity: 1;
    transform: translate3d(0, calc(var(--y) + 20px), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(0, -2000px, 0);
  }
}

@keyframes Toastify__bounceInDown {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  0% {
    opacity: 0;
    transform: translate3d(0, -3000px, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(0, 25px, 0);
  }
  75% {
    transform: translate3d(0, -10px, 0);
  }
  90% {
    transform: translate3d(0, 5px, 0);
  }
  to {
    transform: none;
  }
}

@keyframes Toastify__bounceOutDown {
  20% {
    transform: translate3d(0, calc(var(--y) - 10px), 0);
  }
  40%,
  45% {
    opacity: 1;
    transform: translate3d(0, calc(var(--y) + 20px), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(0, 2000px, 0);
  }
}

.Toastify__bounce-enter--top-left,
.Toastify__bounce-enter--bottom-left {
  animation-name: Toastify__bounceInLeft;
}

.Toastify__bounce-enter--top-right,
.Toastify__bounce-enter--bottom-right {
  animation-name: Toastify__bounceInRight;
}

.Toastify__bounce-enter--top-center {
  animation-name: Toastify__bounceInDown;
}

.Toastify__bounce-enter--bottom-center {
  animation-name: Toastify__bounceInUp;
}

.Toastify__bounce-exit--top-left,
.Toastify__bounce-exit--bottom-left {
  animation-name: Toastify__bounceOutLeft;
}

.Toastify__bounce-exit--top-right,
.Toastify__bounce-exit--bottom-right {
  animation-name: Toastify__bounceOutRight;
}

.Toastify__bounce-exit--top-center {
  animation-name: Toastify__bounceOutUp;
}

.Toastify__bounce-exit--bottom-center {
  animation-name: Toastify__bounceOutDown;
}

@keyframes Toastify__zoomIn {
  from {
    opacity: 0;
    transform: scale3d(0.3, 0.3, 0.3);
  }
  50% {
    opacity: 1;
  }
}

@keyframes Toastify__zoomOut {
  from {
    opacity: 1;
  }
  50% {
    opacity: 0;
    transform: translate3d(0, var(--y), 0) scale3d(0.3, 0.3, 0.3);
  }
  to {
    opacity: 0;
  }
}

.Toastify__zoom-enter {
  animation-name: Toastify__zoomIn;
}

.Toastify__zoom-exit {
  animation-name: Toastify__zoomOut;
}

@keyframes Toastify__flipIn {
  from {
    transform: perspective(400px) rotate3d(1, 0, 0, 90deg);
    animation-timing-function: ease-in;
    opacity: 0;
  }
  40% {
    transform: perspective(400px) rotate3d(1, 0, 0, -20deg);
    animation-timing-function: ease-in;
  }
  60% {
    transform: perspective(400px) rotate3d(1, 0, 0, 10deg);
    opacity: 1;
  }
  80% {
    transform: perspective(400px) rotate3d(1, 0, 0, -5deg);
  }
  to {
    transform: perspective(400px);
  }
}

@keyframes Toastify__flipOut {
  from {
    transform: translate3d(0, var(--y), 0) perspective(400px);
  }
  30% {
    transform: translate3d(0, var(--y), 0) perspective(400px) rotate3d(1, 0, 0, -20deg);
    opacity: 1;
  }
  to {
    transform: translate3d(0, var(--y), 0) perspective(400px) rotate3d(1, 0, 0, 90deg);
    opacity: 0;
  }
}

.Toastify__flip-enter {
  animation-name: Toastify__flipIn;
}

.Toastify__flip-exit {
  animation-name: Toastify__flipOut;
}

@keyframes Toastify__slideInRight {
  from {
    transform: translate3d(110%, 0, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideInLeft {
  from {
    transform: translate3d(-110%, 0, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideInUp {
  from {
    transform: translate3d(0, 110%, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideInDown {
  from {
    transform: translate3d(0, -110%, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideOutRight {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(110%, var(--y), 0);
  }
}

@keyframes Toastify__slideOutLeft {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(-110%, var(--y), 0);
  }
}

@keyframes Toastify__slideOutDown {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(0, 500px, 0);
  }
}

@keyframes Toastify__slideOutUp {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(0, -500px, 0);
  }
}

.Toastify__slide-enter--top-left,
.Toastify__slide-enter--bottom-left {
  animation-name: Toastify__slideInLeft;
}

.Toastify__slide-enter--top-right,
.Toastify__slide-enter--bottom-right {
  animation-name: Toastify__slideInRight;
}

.Toastify__slide-enter--top-center {
  animation-name: Toastify__slideInDown;
}

.Toastify__slide-enter--bottom-center {
  animation-name: Toastify__slideInUp;
}

.Toastify__slide-exit--top-left,
.Toastify__slide-exit--bottom-left {
  animation-name: Toastify__slideOutLeft;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

.Toastify__slide-exit--top-right,
.Toastify__slide-exit--bottom-right {
  animation-name: Toastify__slideOutRight;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

.Toastify__slide-exit--top-center {
  animation-name: Toastify__slideOutUp;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

.Toastify__slide-exit--bottom-center {
  animation-name: Toastify__slideOutDown;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

@keyframes Toastify__spin {
  from {
    transform: rotate(0deg);
  }
  to {
    transform: rotate(360deg);
  }
}
`;
var $ = /* @__PURE__ */ new Map();
var ge = (e, t, n = !1) => {
  J(() => {
    if (!e || typeof document > `u`) return;
    let r = document,
      i = $.get(r);
    if (i) {
      t && i.setAttribute(`nonce`, t);
      return;
    }
    let a = r.createElement(`style`);
    ((a.textContent = e),
      t && a.setAttribute(`nonce`, t),
      n ? r.head.appendChild(a) : r.head.prepend(a),
      $.set(r, a));
  }, [t]);
};
function _e(t) {
  return (ge(he, t.nonce, t.appendStyleSheet), /* @__PURE__ */ e.createElement(me, t));
}
// src/lib/toast.ts
/** The container of toasts raised inside the global modal (bottom-centre, 500 ms; spec section 9). */
var MODAL_TOASTS = 'modal';
/** The general container (top-right in LTR, mirrored to top-left in RTL; 5000 ms). */
var GENERAL_TOASTS = 'general';
function show(kind, message, options = {}) {
  return W[kind](message, {
    containerId: GENERAL_TOASTS,
    ...options,
  });
}
var notify = {
  success: (message, options) => show('success', message, options),
  error: (message, options) => show('error', message, options),
  warning: (message, options) => show('warning', message, options),
  info: (message, options) => show('info', message, options),
  /** Footer toasts use the larger 20px text (spec section 9). */
  footer: (kind, message) => show(kind, message, { className: 'toast-footer' }),
  /** A toast in the modal area. */
  modal: (kind, message) => W[kind](message, { containerId: MODAL_TOASTS }),
};
// src/components/form-field.tsx
var CONTROL =
  'w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 outline-none focus:border-sky-700 focus:ring-2 focus:ring-sky-200 aria-invalid:border-red-700';
/**
 * The frame of a field: its label, the control (given the id and the ARIA wiring), its hint and its
 * error messages, announced through aria-describedby.
 */
function Field({ label, errors, hint, className, control }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : void 0;
  const errorId = errors.length > 0 ? `${id}-error` : void 0;
  return /* @__PURE__ */ jsxs('div', {
    className,
    children: [
      /* @__PURE__ */ jsx('label', {
        htmlFor: id,
        className: 'mb-1 block text-sm font-medium text-slate-800',
        children: label,
      }),
      control({
        id,
        'aria-invalid': errors.length > 0 ? true : void 0,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || void 0,
      }),
      hint &&
        /* @__PURE__ */ jsx('p', {
          id: hintId,
          className: 'mt-1 text-xs text-slate-600',
          children: hint,
        }),
      errorId &&
        /* @__PURE__ */ jsx('ul', {
          id: errorId,
          className: 'mt-1 space-y-0.5 text-sm text-red-800',
          children: errors.map((message) => /* @__PURE__ */ jsx('li', { children: message }, message)),
        }),
    ],
  });
}
/** A labelled input with its hint and its error messages (announced through aria-describedby). */
function FormField({ label, errors = [], hint, className = '', ...input }) {
  return /* @__PURE__ */ jsx(Field, {
    label,
    errors,
    hint,
    className,
    control: (aria) =>
      /* @__PURE__ */ jsx('input', {
        ...aria,
        className: CONTROL,
        ...input,
      }),
  });
}
/** A labelled textarea, like FormField. */
function TextAreaField({ label, errors = [], hint, className = '', ...textarea }) {
  return /* @__PURE__ */ jsx(Field, {
    label,
    errors,
    hint,
    className,
    control: (aria) =>
      /* @__PURE__ */ jsx('textarea', {
        ...aria,
        className: CONTROL,
        ...textarea,
      }),
  });
}
/**
 * A form's send button: disabled while the request runs (or when `disabled`), saying so in the
 * meantime. `fullWidth` for dialogs and narrow boxes.
 */
function SubmitButton({ pending, label, pendingLabel, disabled = false, fullWidth = false }) {
  return /* @__PURE__ */ jsx('button', {
    type: 'submit',
    disabled: pending || disabled,
    className: `${fullWidth ? 'w-full' : ''} rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900 disabled:opacity-60`,
    children: pending ? pendingLabel : label,
  });
}
// src/components/auth-dialog/login-form.tsx
/** After a successful login the dialog closes and the page reloads this long after the toast. */
var LOGIN_RELOAD_DELAY = 1e3;
function LoginForm({ initialPhone, onLoggedIn }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(initialPhone);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [showHelp, setShowHelp] = useState(false);
  const login = useLogin();
  const id = useId();
  const onSubmit = (event) => {
    event.preventDefault();
    login.mutate(
      {
        username: phone,
        password,
      },
      {
        onSuccess: (tokens) => {
          tokenStore.set(tokens.access);
          notify.success(t('LoginSuccess'));
          window.setTimeout(onLoggedIn, LOGIN_RELOAD_DELAY);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'no_active_account')
            notify.error(t('NoActiveAccountFound'));
          else notify.error(failureMessage(error, t, t('toast.loginFailed')));
        },
      },
    );
  };
  return /* @__PURE__ */ jsxs('form', {
    onSubmit,
    className: 'space-y-4',
    noValidate: true,
    children: [
      /* @__PURE__ */ jsx(FormField, {
        label: t('dialog.phone'),
        hint: t('dialog.phoneHint'),
        type: 'tel',
        inputMode: 'tel',
        dir: 'ltr',
        autoComplete: 'username',
        name: 'username',
        value: phone,
        onChange: (event) => setPhone(event.target.value),
      }),
      /* @__PURE__ */ jsx(FormField, {
        label: t('dialog.password'),
        type: 'password',
        dir: 'ltr',
        autoComplete: 'current-password',
        name: 'password',
        value: password,
        onChange: (event) => setPassword(event.target.value),
      }),
      /* @__PURE__ */ jsxs('div', {
        className: 'flex flex-wrap items-center justify-between gap-2 text-sm',
        children: [
          /* @__PURE__ */ jsxs('label', {
            className: 'flex items-center gap-2 text-slate-800',
            children: [
              /* @__PURE__ */ jsx('input', {
                type: 'checkbox',
                checked: remember,
                onChange: (event) => setRemember(event.target.checked),
                className: 'h-4 w-4',
              }),
              t('dialog.rememberMe'),
            ],
          }),
          /* @__PURE__ */ jsx('button', {
            type: 'button',
            'aria-expanded': showHelp,
            'aria-controls': `${id}-help`,
            className: 'text-sky-900 underline underline-offset-4',
            onClick: () => setShowHelp((v) => !v),
            children: t('dialog.forgotPassword'),
          }),
        ],
      }),
      /* @__PURE__ */ jsx('p', {
        id: `${id}-help`,
        hidden: !showHelp,
        className: 'rounded-lg bg-sky-50 p-3 text-sm text-slate-800',
        children: t('dialog.forgotPasswordHelp'),
      }),
      /* @__PURE__ */ jsx(SubmitButton, {
        pending: login.isPending,
        disabled: login.isSuccess,
        label: t('dialog.submitLogin'),
        pendingLabel: t('dialog.sending'),
        fullWidth: true,
      }),
    ],
  });
}
// src/lib/api/register.ts
/** POST auth/users/ {username (the phone), password, 'Email address'} → 201; 400 field errors. */
function register(lang, input) {
  return apiRequest(lang, 'auth/users/', {
    method: 'POST',
    body: {
      username: input.phone,
      password: input.password,
      'Email address': input.email,
    },
    auth: false,
  });
}
function useRegister() {
  const lang = useLanguage();
  return useMutation({ mutationFn: (input) => register(lang, input) });
}
// src/components/auth-dialog/register-form.tsx
/**
 * Registration: phone, email, password, repeat password and terms. As the spec says, repeat-password
 * and terms are not checked or sent; unlike the spec, the server's field errors are shown under the
 * fields (duplicate phone, weak password, bad email).
 */
function RegisterForm({ onRegistered }) {
  const { t } = useTranslation();
  const { openModal, acceptRule, setAcceptRule } = useModal();
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState({});
  const register = useRegister();
  const onSubmit = (event) => {
    event.preventDefault();
    setErrors({});
    register.mutate(
      {
        phone,
        email,
        password,
      },
      {
        onSuccess: () => {
          notify.success(t('RegisterSuccess'));
          onRegistered(phone);
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 400 || error.code !== void 0) {
            setErrors({ form: [failureMessage(error, t, t('toast.registerFailed'))] });
            return;
          }
          const next = {};
          for (const [key, messages] of Object.entries(fieldMessages(error, t))) {
            const field =
              key === 'username'
                ? 'username'
                : key === 'password'
                  ? 'password'
                  : key === 'email' || key === 'Email address'
                    ? 'email'
                    : 'form';
            next[field] = [...(next[field] ?? []), ...messages];
          }
          if (Object.keys(next).length === 0) next.form = [t('toast.registerFailed')];
          setErrors(next);
        },
      },
    );
  };
  return /* @__PURE__ */ jsxs('form', {
    onSubmit,
    className: 'space-y-4',
    noValidate: true,
    children: [
      errors.form &&
        /* @__PURE__ */ jsx('div', {
          role: 'alert',
          className: 'rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800',
          children: errors.form.join(' '),
        }),
      /* @__PURE__ */ jsx(FormField, {
        label: t('dialog.phone'),
        hint: t('dialog.phoneHint'),
        type: 'tel',
        inputMode: 'tel',
        dir: 'ltr',
        autoComplete: 'username',
        name: 'username',
        value: phone,
        errors: errors.username,
        onChange: (event) => setPhone(event.target.value),
      }),
      /* @__PURE__ */ jsx(FormField, {
        label: t('dialog.email'),
        type: 'email',
        dir: 'ltr',
        autoComplete: 'email',
        name: 'email',
        value: email,
        errors: errors.email,
        onChange: (event) => setEmail(event.target.value),
      }),
      /* @__PURE__ */ jsx(FormField, {
        label: t('dialog.password'),
        type: 'password',
        dir: 'ltr',
        autoComplete: 'new-password',
        name: 'password',
        value: password,
        errors: errors.password,
        onChange: (event) => setPassword(event.target.value),
      }),
      /* @__PURE__ */ jsx(FormField, {
        label: t('dialog.repeatPassword'),
        type: 'password',
        dir: 'ltr',
        autoComplete: 'new-password',
        name: 'repeat-password',
        value: repeat,
        onChange: (event) => setRepeat(event.target.value),
      }),
      /* @__PURE__ */ jsxs('div', {
        className: 'flex flex-wrap items-center gap-x-3 gap-y-1 text-sm',
        children: [
          /* @__PURE__ */ jsxs('label', {
            className: 'flex items-center gap-2 text-slate-800',
            children: [
              /* @__PURE__ */ jsx('input', {
                type: 'checkbox',
                checked: acceptRule,
                onChange: (event) => setAcceptRule(event.target.checked),
                className: 'h-4 w-4',
              }),
              t('dialog.acceptTerms'),
            ],
          }),
          /* @__PURE__ */ jsx('button', {
            type: 'button',
            className: 'text-sky-900 underline underline-offset-4',
            onClick: () => openModal({ type: 'showRules' }),
            children: t('dialog.readRules'),
          }),
        ],
      }),
      /* @__PURE__ */ jsx(SubmitButton, {
        pending: register.isPending,
        label: t('dialog.submitRegister'),
        pendingLabel: t('dialog.sending'),
        fullWidth: true,
      }),
    ],
  });
}
// src/components/auth-dialog/auth-dialog.tsx
/** The login/register dialog (spec section 2): two tabs; focus trapped, Escape closes. */
function AuthDialog() {
  const { t } = useTranslation();
  const dir = useDirection();
  const { open, setOpen, tab, setTab, opener } = useAuthDialog();
  const [registeredPhone, setRegisteredPhone] = useState('');
  const tabClass =
    'flex-1 border-b-2 px-4 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-sky-800 data-[state=active]:text-sky-900 border-transparent';
  return /* @__PURE__ */ jsx(Dialog.Root, {
    open,
    onOpenChange: setOpen,
    children: /* @__PURE__ */ jsxs(Dialog.Portal, {
      children: [
        /* @__PURE__ */ jsx(Dialog.Overlay, { className: 'fixed inset-0 z-40 bg-slate-900/50' }),
        /* @__PURE__ */ jsxs(Dialog.Content, {
          dir,
          onCloseAutoFocus: returnFocusTo(opener),
          className:
            'fixed inset-0 z-50 m-auto h-fit max-h-[95vh] w-[min(28rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl',
          children: [
            /* @__PURE__ */ jsxs('div', {
              className: 'mb-4 flex items-start justify-between gap-4',
              children: [
                /* @__PURE__ */ jsxs('div', {
                  children: [
                    /* @__PURE__ */ jsx(Dialog.Title, {
                      className: 'text-lg font-bold text-slate-900',
                      children: t('dialog.title'),
                    }),
                    /* @__PURE__ */ jsx(Dialog.Description, {
                      className: 'text-sm text-slate-600',
                      children: t('dialog.description'),
                    }),
                  ],
                }),
                /* @__PURE__ */ jsxs(Dialog.Close, {
                  className:
                    'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100',
                  children: [
                    /* @__PURE__ */ jsx(CloseIcon, {}),
                    /* @__PURE__ */ jsx('span', {
                      className: 'sr-only',
                      children: t('dialog.close'),
                    }),
                  ],
                }),
              ],
            }),
            /* @__PURE__ */ jsxs(Tabs.Root, {
              value: tab,
              onValueChange: (value) => setTab(value),
              dir,
              children: [
                /* @__PURE__ */ jsxs(Tabs.List, {
                  className: 'mb-5 flex',
                  'aria-label': t('dialog.title'),
                  children: [
                    /* @__PURE__ */ jsx(Tabs.Trigger, {
                      value: 'login',
                      className: tabClass,
                      children: t('dialog.loginTab'),
                    }),
                    /* @__PURE__ */ jsx(Tabs.Trigger, {
                      value: 'register',
                      className: tabClass,
                      children: t('dialog.registerTab'),
                    }),
                  ],
                }),
                /* @__PURE__ */ jsx(Tabs.Content, {
                  value: 'login',
                  children: /* @__PURE__ */ jsx(
                    LoginForm,
                    {
                      initialPhone: registeredPhone,
                      onLoggedIn: () => {
                        setOpen(false);
                        page.reload();
                      },
                    },
                    registeredPhone,
                  ),
                }),
                /* @__PURE__ */ jsx(Tabs.Content, {
                  value: 'register',
                  children: /* @__PURE__ */ jsx(RegisterForm, {
                    onRegistered: (phone) => {
                      setRegisteredPhone(phone);
                      setTab('login');
                    },
                  }),
                }),
              ],
            }),
          ],
        }),
      ],
    }),
  });
}
// src/lib/format.ts
/**
 * Dates, numbers and prices in the active language: the Jalali calendar and Persian digits in fa,
 * the Gregorian calendar and Latin digits in en. Intl alone, no library (formatters are cached).
 */
var LOCALES = {
  fa: 'fa-IR-u-ca-persian',
  en: 'en-GB-u-ca-gregory-nu-latn',
};
var NUMBER_LOCALES = {
  fa: 'fa-IR',
  en: 'en-GB-u-nu-latn',
};
var cache = /* @__PURE__ */ new Map();
function cached(key, make) {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}
/** '2024-03-20T10:00:00Z' → '۱ فروردین ۱۴۰۳' (fa) or '20 March 2024' (en). Invalid dates answer ''. */
function formatDate(iso, language) {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const lang = toLanguage(language);
  return cached(
    `date:${lang}`,
    () =>
      new Intl.DateTimeFormat(LOCALES[lang], {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'Asia/Tehran',
      }),
  ).format(date);
}
/** 1234567 → '۱٬۲۳۴٬۵۶۷' (fa) or '1,234,567' (en). */
function formatNumber(value, language) {
  const lang = toLanguage(language);
  return cached(`number:${lang}`, () => new Intl.NumberFormat(NUMBER_LOCALES[lang])).format(value);
}
/** Plain digits with no grouping (years, ids, phone numbers): 09121234567 → '۰۹۱۲۱۲۳۴۵۶۷' in fa. */
function formatDigits(value, language) {
  const text = String(value);
  if (toLanguage(language) !== 'fa') return text;
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(1776 + Number(d)));
}
/**
 * The currency as a reader of the language names it: its Persian name in fa ('IRR' → 'ریال ایران',
 * 'USD' → 'دلار آمریکا'), the ISO code in en, which English trade texts use; anything that is not
 * an ISO code is shown as written.
 */
function formatCurrency(code, language) {
  const lang = toLanguage(language);
  if (lang === 'en' || !/^[A-Za-z]{3}$/.test(code)) return code;
  try {
    return (
      cached(`currency:${lang}`, () => new Intl.DisplayNames([lang], { type: 'currency' })).of(
        code.toUpperCase(),
      ) ?? code
    );
  } catch {
    return code;
  }
}
/** A price range: '۱۲۰٬۰۰۰ تا ۱۵۰٬۰۰۰ دلار آمریکا' / '120,000 – 150,000 USD'; one price when both ends match. */
function formatPriceRange(range, language) {
  const lang = toLanguage(language);
  const start = formatNumber(range.start_price, lang);
  const end = formatNumber(range.end_price, lang);
  const amount =
    range.start_price === range.end_price
      ? start
      : lang === 'fa'
        ? `${start} تا ${end}`
        : `${start} – ${end}`;
  return range.currency_type ? `${amount} ${formatCurrency(range.currency_type, lang)}` : amount;
}
/** The year of a date in the language's calendar: 1405 (Jalali, Persian digits) in fa, 2026 in en. */
function formatYear(date, language) {
  const lang = toLanguage(language);
  return cached(
    `year:${lang}`,
    () =>
      new Intl.DateTimeFormat(LOCALES[lang], {
        year: 'numeric',
        timeZone: 'Asia/Tehran',
      }),
  ).format(date);
}
// src/lib/api/get-subcollections.ts
/** GET store/subcollections/ (`?search=`): each subcollection with its collection and products. */
function subcollectionsQueryOptions(lang, search) {
  return queryOptions({
    queryKey: [lang, 'store', 'subcollections', { search: search ?? null }],
    queryFn: ({ signal }) =>
      apiRequest(lang, 'store/subcollections/', {
        query: { search },
        signal,
      }),
  });
}
function useSubcollections(search, options = {}) {
  const lang = useLanguage();
  return useQuery({
    ...subcollectionsQueryOptions(lang, search),
    enabled: options.enabled ?? true,
  });
}
// src/components/header/nav-dropdown-helper.tsx
/**
 * The spec's navigation dropdown helper: lists the products of the entry whose id matches the open
 * one, each linking to its product page; shows nothing when no entry matches.
 */
function NavDropdownHelper({ entries, openId, label }) {
  const entry = openId === null ? void 0 : entries.find((e) => e.id === openId);
  if (!entry || entry.products.length === 0) return null;
  return /* @__PURE__ */ jsx('ul', {
    'aria-label': label,
    className: 'space-y-1',
    children: entry.products.map((product) =>
      /* @__PURE__ */ jsx(
        'li',
        {
          children: /* @__PURE__ */ jsx(Link, {
            to: `/product/${product.id}`,
            className: 'block rounded px-2 py-1 text-sm text-slate-700 hover:bg-sky-50 hover:text-sky-900',
            children: product.title,
          }),
        },
        product.id,
      ),
    ),
  });
}
// src/components/header/mega-menu.tsx
var collectionPath = (title) => `/collections/search/${encodeURIComponent(title)}`;
/**
 * The products link and its mega-menu: collections on one side, the hovered (or focused)
 * collection's subcollections on the other, and the products of the subcollection in focus. It opens
 * on hover and closes on hover-out; by keyboard the disclosure button beside the link opens it,
 * Tab walks through it, Escape closes it and focus leaving it closes it.
 */
function ProductsMegaMenu({ linkClassName }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [activeCollection, setActiveCollection] = useState(null);
  const [activeSubcollection, setActiveSubcollection] = useState(null);
  const rootRef = useRef(null);
  const toggleRef = useRef(null);
  const panelId = useId();
  const collections = useCollections({}, { enabled: wanted });
  const subcollections = useSubcollections(void 0, { enabled: wanted });
  const show = () => {
    setWanted(true);
    setOpen(true);
  };
  const hide = () => {
    setOpen(false);
    setActiveSubcollection(null);
  };
  const firstCollection = collections.data?.[0]?.id ?? null;
  const current = activeCollection ?? firstCollection;
  const subs = useMemo(
    () => (subcollections.data ?? []).filter((s) => s.collection.id === current),
    [subcollections.data, current],
  );
  const currentTitle = collections.data?.find((c) => c.id === current)?.title ?? '';
  const activeSubTitle = subs.find((s) => s.id === activeSubcollection)?.title ?? '';
  const onKeyDown = (event) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      hide();
      toggleRef.current?.focus();
    }
  };
  const onBlur = (event) => {
    if (!rootRef.current?.contains(event.relatedTarget)) hide();
  };
  return /* @__PURE__ */ jsxs('div', {
    ref: rootRef,
    className: 'flex items-center',
    onMouseEnter: show,
    onMouseLeave: hide,
    onKeyDown,
    onBlur,
    onClickCapture: (event) => {
      if (event.target.closest('a')) hide();
    },
    children: [
      /* @__PURE__ */ jsx(NavLink, {
        to: '/products',
        end: true,
        className: ({ isActive }) => linkClassName(isActive),
        children: t('nav.products'),
      }),
      /* @__PURE__ */ jsx('button', {
        ref: toggleRef,
        type: 'button',
        'aria-expanded': open,
        'aria-controls': panelId,
        'aria-label': t('nav.openCategories'),
        className:
          'inline-flex h-8 w-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100',
        onClick: (event) => {
          if (event.detail > 0 || !open) show();
          else hide();
        },
        children: /* @__PURE__ */ jsx(ChevronDownIcon, {
          className: open ? 'rotate-180 transition-transform' : 'transition-transform',
        }),
      }),
      /* @__PURE__ */ jsx('div', {
        id: panelId,
        hidden: !open,
        className:
          'absolute inset-x-4 top-11 z-40 mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-4 shadow-xl',
        children:
          collections.isPending || subcollections.isPending
            ? /* @__PURE__ */ jsx('p', {
                className: 'p-2 text-sm text-slate-600',
                children: t('loading'),
              })
            : collections.isError || subcollections.isError
              ? /* @__PURE__ */ jsx('p', {
                  role: 'alert',
                  className: 'p-2 text-sm text-red-800',
                  children: t('nav.categoriesFailed'),
                })
              : /* @__PURE__ */ jsxs('div', {
                  className: 'grid grid-cols-3 gap-4',
                  children: [
                    /* @__PURE__ */ jsxs('section', {
                      'aria-labelledby': `${panelId}-collections`,
                      children: [
                        /* @__PURE__ */ jsx('h2', {
                          id: `${panelId}-collections`,
                          className: 'mb-2 text-xs font-bold text-slate-600',
                          children: t('nav.categories'),
                        }),
                        /* @__PURE__ */ jsx('ul', {
                          className: 'space-y-1',
                          children: collections.data.map((collection) =>
                            /* @__PURE__ */ jsx(
                              'li',
                              {
                                children: /* @__PURE__ */ jsx(Link, {
                                  to: collectionPath(collection.title),
                                  'aria-current': collection.id === current ? 'true' : void 0,
                                  onMouseEnter: () => setActiveCollection(collection.id),
                                  onFocus: () => setActiveCollection(collection.id),
                                  className: `block rounded px-2 py-1 text-sm ${collection.id === current ? 'bg-sky-100 font-semibold text-sky-900' : 'text-slate-800 hover:bg-sky-50'}`,
                                  children: collection.title,
                                }),
                              },
                              collection.id,
                            ),
                          ),
                        }),
                      ],
                    }),
                    /* @__PURE__ */ jsxs('section', {
                      'aria-labelledby': `${panelId}-subs`,
                      children: [
                        /* @__PURE__ */ jsx('h2', {
                          id: `${panelId}-subs`,
                          className: 'mb-2 text-xs font-bold text-slate-600',
                          children: t('nav.subcollections', { name: currentTitle }),
                        }),
                        subs.length === 0
                          ? /* @__PURE__ */ jsx('p', {
                              className: 'px-2 text-sm text-slate-600',
                              children: t('nav.noSubcollections'),
                            })
                          : /* @__PURE__ */ jsx('ul', {
                              className: 'space-y-1',
                              children: subs.map((sub) =>
                                /* @__PURE__ */ jsx(
                                  'li',
                                  {
                                    children: /* @__PURE__ */ jsx(Link, {
                                      to: collectionPath(sub.title),
                                      onMouseEnter: () => setActiveSubcollection(sub.id),
                                      onFocus: () => setActiveSubcollection(sub.id),
                                      className: `block rounded px-2 py-1 text-sm ${sub.id === activeSubcollection ? 'bg-sky-100 text-sky-900' : 'text-slate-800 hover:bg-sky-50'}`,
                                      children: sub.title,
                                    }),
                                  },
                                  sub.id,
                                ),
                              ),
                            }),
                      ],
                    }),
                    /* @__PURE__ */ jsx('section', {
                      'aria-live': 'polite',
                      children: /* @__PURE__ */ jsx(NavDropdownHelper, {
                        entries: subs.map((s) => ({
                          id: s.id,
                          products: s.products.map((p) => ({
                            id: p.id,
                            title: p.title,
                          })),
                        })),
                        openId: activeSubcollection,
                        label: t('nav.productsOf', { name: activeSubTitle }),
                      }),
                    }),
                  ],
                }),
      }),
    ],
  });
}
// src/lib/api/subscribe.ts
/** POST store/emails/ {email} → 201 (body not read); 400 {"email": ["…"]}. */
function subscribe(lang, email) {
  return apiRequest(lang, 'store/emails/', {
    method: 'POST',
    body: { email },
  });
}
function useSubscribe() {
  const lang = useLanguage();
  return useMutation({ mutationFn: (email) => subscribe(lang, email) });
}
// src/components/footer/newsletter-form.tsx
/**
 * Newsletter sign-up: whatever is typed is sent (no client validation, spec section 5); success shows
 * 'sentSuccessfully', failure the 'There is a problem' warning, and the server's reason under the field.
 */
function NewsletterForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState(null);
  const subscribe = useSubscribe();
  const id = useId();
  const onSubmit = (event) => {
    event.preventDefault();
    setError(null);
    subscribe.mutate(email, {
      onSuccess: () => {
        setEmail('');
        notify.footer('success', t('sentSuccessfully'));
      },
      onError: (failure) => {
        notify.footer('warning', t('thereIsAProblem'));
        const message = failure instanceof ApiError ? fieldMessages(failure, t).email?.[0] : void 0;
        setError(message ?? null);
      },
    });
  };
  return /* @__PURE__ */ jsxs('form', {
    onSubmit,
    noValidate: true,
    'aria-labelledby': `${id}-heading`,
    children: [
      /* @__PURE__ */ jsx('h2', {
        id: `${id}-heading`,
        className: 'mb-2 text-base font-bold text-white',
        children: t('footer.newsletter'),
      }),
      /* @__PURE__ */ jsx('p', {
        className: 'mb-3 text-sm text-slate-300',
        children: t('footer.newsletterHint'),
      }),
      /* @__PURE__ */ jsx('label', {
        htmlFor: id,
        className: 'mb-1 block text-sm text-slate-200',
        children: t('footer.newsletterEmail'),
      }),
      /* @__PURE__ */ jsxs('div', {
        className: 'flex items-center rounded-lg bg-white focus-within:ring-2 focus-within:ring-sky-300',
        children: [
          /* @__PURE__ */ jsx('input', {
            id,
            type: 'email',
            dir: 'ltr',
            autoComplete: 'email',
            value: email,
            onChange: (event) => setEmail(event.target.value),
            'aria-invalid': error ? true : void 0,
            'aria-describedby': error ? `${id}-error` : void 0,
            className:
              'w-full min-w-0 rounded-lg bg-transparent px-3 py-2 text-start text-slate-900 outline-none',
          }),
          /* @__PURE__ */ jsxs('button', {
            type: 'submit',
            disabled: subscribe.isPending,
            className:
              'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-sky-900 hover:bg-sky-50 disabled:opacity-60',
            children: [
              /* @__PURE__ */ jsx(SendIcon, {}),
              /* @__PURE__ */ jsx('span', {
                className: 'sr-only',
                children: t('footer.send'),
              }),
            ],
          }),
        ],
      }),
      error &&
        /* @__PURE__ */ jsx('p', {
          id: `${id}-error`,
          className: 'mt-1 text-sm text-amber-200',
          children: error,
        }),
    ],
  });
}
// src/components/footer/footer.tsx
var SOCIAL_LINKS = {
  linkedin: 'https://www.linkedin.com/company/aria-pars-trading',
  youtube: 'https://www.youtube.com/@ariaparstrading',
};
function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const categories = useCollections({ footer: true });
  const heading = 'mb-3 text-base font-bold text-white';
  return /* @__PURE__ */ jsxs('footer', {
    className: 'mt-16 bg-slate-900 text-slate-200',
    children: [
      /* @__PURE__ */ jsxs('div', {
        className: 'mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4',
        children: [
          /* @__PURE__ */ jsxs('section', {
            'aria-labelledby': 'footer-contact',
            children: [
              /* @__PURE__ */ jsx('h2', {
                id: 'footer-contact',
                className: heading,
                children: t('footer.contactUs'),
              }),
              /* @__PURE__ */ jsxs('address', {
                className: 'space-y-2 text-sm not-italic',
                children: [
                  /* @__PURE__ */ jsxs('p', {
                    children: [
                      /* @__PURE__ */ jsxs('span', {
                        className: 'text-slate-400',
                        children: [t('footer.addressLabel'), ': '],
                      }),
                      t('footer.address'),
                    ],
                  }),
                  /* @__PURE__ */ jsxs('p', {
                    children: [
                      /* @__PURE__ */ jsxs('span', {
                        className: 'text-slate-400',
                        children: [t('footer.phoneLabel'), ': '],
                      }),
                      /* @__PURE__ */ jsx('a', {
                        href: 'tel:+982188776655',
                        className: 'underline-offset-4 hover:underline',
                        children: /* @__PURE__ */ jsx('bdi', {
                          dir: 'ltr',
                          children: t('footer.phone'),
                        }),
                      }),
                    ],
                  }),
                  /* @__PURE__ */ jsxs('p', {
                    children: [
                      /* @__PURE__ */ jsxs('span', {
                        className: 'text-slate-400',
                        children: [t('footer.emailLabel'), ': '],
                      }),
                      /* @__PURE__ */ jsx('a', {
                        href: 'mailto:info@ariapars.example',
                        className: 'underline-offset-4 hover:underline',
                        children: /* @__PURE__ */ jsx('bdi', { children: 'info@ariapars.example' }),
                      }),
                    ],
                  }),
                ],
              }),
            ],
          }),
          /* @__PURE__ */ jsxs('section', {
            'aria-labelledby': 'footer-social',
            children: [
              /* @__PURE__ */ jsx('h2', {
                id: 'footer-social',
                className: heading,
                children: t('footer.social'),
              }),
              /* @__PURE__ */ jsxs('ul', {
                className: 'flex gap-3',
                children: [
                  /* @__PURE__ */ jsx('li', {
                    children: /* @__PURE__ */ jsxs('a', {
                      href: SOCIAL_LINKS.linkedin,
                      target: '_blank',
                      rel: 'noopener noreferrer',
                      className:
                        'inline-flex items-center gap-2 rounded-lg bg-slate-800 px-3 py-2 text-sm hover:bg-slate-700',
                      children: [
                        /* @__PURE__ */ jsx(LinkedInIcon, {}),
                        t('footer.linkedin'),
                        /* @__PURE__ */ jsxs('span', {
                          className: 'sr-only',
                          children: [' ', t('footer.opensInNewTab')],
                        }),
                      ],
                    }),
                  }),
                  /* @__PURE__ */ jsx('li', {
                    children: /* @__PURE__ */ jsxs('a', {
                      href: SOCIAL_LINKS.youtube,
                      target: '_blank',
                      rel: 'noopener noreferrer',
                      className:
                        'inline-flex items-center gap-2 rounded-lg bg-slate-800 px-3 py-2 text-sm hover:bg-slate-700',
                      children: [
                        /* @__PURE__ */ jsx(YouTubeIcon, {}),
                        t('footer.youtube'),
                        /* @__PURE__ */ jsxs('span', {
                          className: 'sr-only',
                          children: [' ', t('footer.opensInNewTab')],
                        }),
                      ],
                    }),
                  }),
                ],
              }),
            ],
          }),
          /* @__PURE__ */ jsxs('section', {
            'aria-labelledby': 'footer-categories',
            children: [
              /* @__PURE__ */ jsx('h2', {
                id: 'footer-categories',
                className: heading,
                children: t('footer.categories'),
              }),
              categories.isPending
                ? /* @__PURE__ */ jsx('ul', {
                    className: 'space-y-2',
                    'aria-hidden': true,
                    children: [1, 2, 3].map((n) =>
                      /* @__PURE__ */ jsx(
                        'li',
                        { className: 'h-4 w-40 animate-pulse rounded bg-slate-700' },
                        n,
                      ),
                    ),
                  })
                : categories.isError
                  ? /* @__PURE__ */ jsx('p', {
                      className: 'text-sm text-amber-200',
                      children: t('nav.categoriesFailed'),
                    })
                  : /* @__PURE__ */ jsx('ul', {
                      className: 'space-y-1 text-sm',
                      children: categories.data.map((collection) =>
                        /* @__PURE__ */ jsx(
                          'li',
                          {
                            children: /* @__PURE__ */ jsx(Link, {
                              to: collectionPath(collection.title),
                              className: 'underline-offset-4 hover:underline',
                              children: collection.title,
                            }),
                          },
                          collection.id,
                        ),
                      ),
                    }),
            ],
          }),
          /* @__PURE__ */ jsx('section', { children: /* @__PURE__ */ jsx(NewsletterForm, {}) }),
        ],
      }),
      /* @__PURE__ */ jsx('p', {
        className: 'border-t border-slate-800 py-4 text-center text-xs text-slate-400',
        children: t('footer.rights', { year: formatYear(/* @__PURE__ */ new Date(), lang) }),
      }),
    ],
  });
}
// src/lib/use-auth.ts
/** The stored token, or null when signed out; re-renders when it changes. */
function useToken() {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);
}
/** Signed in means a stored token that is a bearer value (spec section 2, product detail). */
function useIsSignedIn() {
  const token = useToken();
  return token !== null && token.startsWith('Bearer');
}
// src/components/header/auth-controls.tsx
/** Signed out: register and login open the dialog. Signed in: logout clears the token, goes home. */
function AuthControls() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const button = 'rounded-lg px-3 py-2 text-sm font-medium';
  if (signedIn)
    return /* @__PURE__ */ jsx('button', {
      type: 'button',
      className: `${button} border border-slate-300 text-slate-800 hover:bg-slate-100`,
      onClick: () => {
        tokenStore.clear();
        notify.info(t('auth.loggedOut'));
        navigate('/');
      },
      children: t('auth.logout'),
    });
  return /* @__PURE__ */ jsxs('div', {
    className: 'flex items-center gap-1',
    children: [
      /* @__PURE__ */ jsx('button', {
        type: 'button',
        className: `${button} text-sky-900 hover:bg-sky-50`,
        onClick: () => openAuthDialog('register'),
        children: t('auth.register'),
      }),
      /* @__PURE__ */ jsx('button', {
        type: 'button',
        className: `${button} bg-sky-800 text-white hover:bg-sky-900`,
        onClick: () => openAuthDialog('login'),
        children: t('auth.login'),
      }),
    ],
  });
}
// src/components/menu-button.tsx
/** How long after a hover opened the menu a click still counts as part of the same gesture. */
var HOVER_CLICK_GRACE_MS = 600;
/**
 * A menu button after the WAI-ARIA practices: Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes and returns to the button; Tab and a
 * click outside close it. Disabled items stay focusable and are announced as disabled.
 */
function MenuButton({
  label,
  children,
  items,
  openOnHover = false,
  buttonClassName = '',
  menuClassName = '',
  align = 'end',
}) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(null);
  const rootRef = useRef(null);
  const buttonRef = useRef(null);
  const itemRefs = useRef([]);
  /** When hovering last opened the menu (performance.now()). */
  const hoverOpenedAt = useRef(-Infinity);
  const id = useId();
  const menuId = `${id}-menu`;
  const buttonId = `${id}-button`;
  const openAt = useCallback((index) => {
    setOpen(true);
    setFocusIndex(index);
  }, []);
  const close = useCallback((returnFocus) => {
    setOpen(false);
    setFocusIndex(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  useEffect(() => {
    if (open && focusIndex !== null) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event) => {
      if (rootRef.current && !rootRef.current.contains(event.target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);
  const last = items.length - 1;
  const onButtonKeyDown = (event) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(last);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };
  const select = (item) => {
    if (item.disabled) return;
    item.onSelect?.();
    close(true);
  };
  const onMenuKeyDown = (event) => {
    const current = focusIndex ?? 0;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setFocusIndex(current >= last ? 0 : current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setFocusIndex(current <= 0 ? last : current - 1);
        break;
      case 'Home':
        event.preventDefault();
        setFocusIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setFocusIndex(last);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      case ' ': {
        const item = items[current];
        if (item) {
          event.preventDefault();
          if (item.to && !item.disabled) itemRefs.current[current]?.click();
          else select(item);
        }
        break;
      }
    }
  };
  const itemClass =
    'flex w-full items-center gap-2 px-4 py-2 text-start text-slate-800 outline-none hover:bg-sky-50 focus-visible:bg-sky-100 focus:bg-sky-100 aria-disabled:cursor-default aria-disabled:text-slate-500 aria-disabled:hover:bg-transparent';
  return /* @__PURE__ */ jsxs('div', {
    ref: rootRef,
    className: 'relative',
    onMouseEnter: openOnHover
      ? () => {
          hoverOpenedAt.current = performance.now();
          openAt(null);
        }
      : void 0,
    onMouseLeave: openOnHover ? () => close(false) : void 0,
    children: [
      /* @__PURE__ */ jsx('button', {
        ref: buttonRef,
        id: buttonId,
        type: 'button',
        'aria-label': label,
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? menuId : void 0,
        className: buttonClassName,
        onKeyDown: onButtonKeyDown,
        onClick: (event) => {
          if (event.detail === 0) return;
          if (open && performance.now() - hoverOpenedAt.current > HOVER_CLICK_GRACE_MS) close(false);
          else openAt(null);
        },
        children,
      }),
      open &&
        /* @__PURE__ */ jsx('ul', {
          id: menuId,
          role: 'menu',
          'aria-labelledby': buttonId,
          tabIndex: -1,
          onKeyDown: onMenuKeyDown,
          className: `absolute top-full z-50 mt-1 min-w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg ${align === 'end' ? 'end-0' : 'start-0'} ${menuClassName}`,
          children: items.map((item, index) =>
            /* @__PURE__ */ jsx(
              'li',
              {
                role: 'none',
                children:
                  item.to && !item.disabled
                    ? /* @__PURE__ */ jsxs(Link, {
                        ref: (el) => {
                          itemRefs.current[index] = el;
                        },
                        role: 'menuitem',
                        tabIndex: -1,
                        to: item.to,
                        lang: item.lang,
                        className: itemClass,
                        onClick: () => close(false),
                        children: [item.icon, item.label],
                      })
                    : /* @__PURE__ */ jsxs('button', {
                        ref: (el) => {
                          itemRefs.current[index] = el;
                        },
                        type: 'button',
                        role: 'menuitem',
                        tabIndex: -1,
                        lang: item.lang,
                        'aria-disabled': item.disabled || void 0,
                        className: itemClass,
                        onClick: () => select(item),
                        children: [item.icon, item.label],
                      }),
              },
              item.key,
            ),
          ),
        }),
    ],
  });
}
// src/components/header/language-switcher.tsx
var FLAGS = {
  ir: FlagIR,
  gb: FlagGB,
};
/**
 * The globe button and its menu of the two languages (flag and name; the current one disabled).
 * Choosing the other language switches the whole interface at once.
 */
function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = useLanguage();
  const currentName = LANGUAGES.find((l) => l.code === current)?.name ?? current;
  return /* @__PURE__ */ jsx(MenuButton, {
    label: `${t('language.switch')} (${t('language.current', { name: currentName })})`,
    buttonClassName:
      'inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100',
    items: LANGUAGES.map((language) => {
      const Flag = FLAGS[language.countryCode];
      return {
        key: language.code,
        lang: language.code,
        label: /* @__PURE__ */ jsx('span', { children: language.name }),
        icon: /* @__PURE__ */ jsx(Flag, { className: 'shrink-0 rounded-sm border border-slate-200' }),
        disabled: language.code === current,
        onSelect: () => {
          i18n.changeLanguage(language.code);
        },
      };
    }),
    children: /* @__PURE__ */ jsx(GlobeIcon, {}),
  });
}
// src/components/header/mobile-nav.tsx
/** Below 750 px: the three links in a dropdown (opens on click or hover). */
function MobileNav() {
  const { t } = useTranslation();
  return /* @__PURE__ */ jsx(MenuButton, {
    label: t('nav.menu'),
    openOnHover: true,
    align: 'start',
    buttonClassName:
      'inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100',
    items: [
      {
        key: 'products',
        label: t('nav.products'),
        to: '/products',
      },
      {
        key: 'about',
        label: t('nav.aboutUs'),
        to: '/aboutus',
      },
      {
        key: 'news',
        label: t('nav.news'),
        to: '/news',
      },
    ],
    children: /* @__PURE__ */ jsx(MenuIcon, {}),
  });
}
// src/components/header/search-box.tsx
/** The header search: its button (and Enter) go to /app/products/search/{text}. */
function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const id = useId();
  const onSubmit = (event) => {
    event.preventDefault();
    const term = text.trim();
    if (term) navigate(`/products/search/${encodeURIComponent(term)}`);
  };
  return /* @__PURE__ */ jsxs('form', {
    role: 'search',
    onSubmit,
    className:
      'flex min-w-0 items-center rounded-full border border-slate-300 bg-white focus-within:border-sky-700',
    children: [
      /* @__PURE__ */ jsx('label', {
        htmlFor: id,
        className: 'sr-only',
        children: t('search.label'),
      }),
      /* @__PURE__ */ jsx('input', {
        id,
        type: 'search',
        value: text,
        onChange: (event) => setText(event.target.value),
        placeholder: t('search.placeholder'),
        className:
          'w-full min-w-0 bg-transparent py-1.5 ps-4 pe-1 text-sm text-slate-900 outline-none placeholder:text-slate-500',
      }),
      /* @__PURE__ */ jsxs('button', {
        type: 'submit',
        className:
          'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100',
        children: [
          /* @__PURE__ */ jsx(SearchIcon, {}),
          /* @__PURE__ */ jsx('span', {
            className: 'sr-only',
            children: t('search.submit'),
          }),
        ],
      }),
    ],
  });
}
// src/components/header/header.tsx
var linkClassName = (active) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${active ? 'text-sky-900 underline underline-offset-8' : 'text-slate-800 hover:bg-slate-100'}`;
function Header() {
  const { t } = useTranslation();
  return /* @__PURE__ */ jsx('header', {
    className: 'sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur',
    children: /* @__PURE__ */ jsxs('div', {
      className: 'relative mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2',
      children: [
        /* @__PURE__ */ jsx('div', {
          className: 'nav:hidden',
          children: /* @__PURE__ */ jsx(MobileNav, {}),
        }),
        /* @__PURE__ */ jsxs(Link, {
          to: '/',
          className: 'flex items-center gap-2 rounded-lg py-1 text-lg font-bold text-sky-900',
          children: [
            /* @__PURE__ */ jsx('img', {
              src: `/app/favicon.svg`,
              alt: '',
              width: 32,
              height: 32,
            }),
            /* @__PURE__ */ jsx('span', {
              className: 'max-[479px]:sr-only',
              children: t('siteTitle'),
            }),
          ],
        }),
        /* @__PURE__ */ jsxs('nav', {
          'aria-label': t('nav.label'),
          className: 'hidden items-center gap-1 nav:flex',
          children: [
            /* @__PURE__ */ jsx(ProductsMegaMenu, { linkClassName }),
            /* @__PURE__ */ jsx(NavLink, {
              to: '/aboutus',
              className: ({ isActive }) => linkClassName(isActive),
              children: t('nav.aboutUs'),
            }),
            /* @__PURE__ */ jsx(NavLink, {
              to: '/news',
              className: ({ isActive }) => linkClassName(isActive),
              children: t('nav.news'),
            }),
          ],
        }),
        /* @__PURE__ */ jsxs('div', {
          className: 'ms-auto flex items-center gap-2',
          children: [/* @__PURE__ */ jsx(LanguageSwitcher, {}), /* @__PURE__ */ jsx(AuthControls, {})],
        }),
        /* @__PURE__ */ jsx('div', {
          className: 'order-last w-full nav:order-none nav:w-64',
          children: /* @__PURE__ */ jsx(SearchBox, {}),
        }),
      ],
    }),
  });
}
// src/lib/text.ts
/** Plain text of an HTML fragment (tags dropped, whitespace collapsed); safe: nothing is rendered. */
function htmlToText(html) {
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
/** Cuts a text at `max` characters (at a word boundary when one is near) and says whether it did. */
function preview(text, max) {
  if (text.length <= max)
    return {
      text,
      cut: false,
    };
  const slice = text.slice(0, max);
  const space = slice.lastIndexOf(' ');
  return {
    text: `${(space > max * 0.7 ? slice.slice(0, space) : slice).trimEnd()}…`,
    cut: true,
  };
}
/**
 * The global modal (spec section 2): product and news previews close on the backdrop, the close icon
 * or Escape; showRules closes only through its accept button. Focus is trapped inside and returned to
 * where it was; the page behind does not scroll. Size: full screen below 500 px, reduced up to 1024 px,
 * half the screen above.
 */
function GlobalModal() {
  const { open, data, closeModal, opener } = useModal();
  const dir = useDirection();
  const rules = data?.type === 'showRules';
  const block = (event) => {
    if (rules) event.preventDefault();
  };
  return /* @__PURE__ */ jsx(Dialog.Root, {
    open: open && data !== null,
    onOpenChange: (next) => !next && !rules && closeModal(),
    children: /* @__PURE__ */ jsxs(Dialog.Portal, {
      children: [
        /* @__PURE__ */ jsx(Dialog.Overlay, {
          className: 'fixed inset-0 z-50 bg-slate-900/60',
          'data-testid': 'modal-backdrop',
        }),
        /* @__PURE__ */ jsx(Dialog.Content, {
          dir,
          onEscapeKeyDown: block,
          onCloseAutoFocus: returnFocusTo(opener),
          onPointerDownOutside: block,
          onInteractOutside: block,
          className:
            'fixed inset-0 z-50 m-auto flex h-full w-full flex-col overflow-y-auto bg-white p-5 shadow-2xl min-[500px]:h-fit min-[500px]:max-h-[90vh] min-[500px]:w-[85vw] min-[500px]:rounded-2xl min-[1025px]:w-[50vw]',
          children:
            data?.type === 'showRules'
              ? /* @__PURE__ */ jsx(RulesContent, {})
              : data
                ? /* @__PURE__ */ jsx(PreviewContent, { data })
                : null,
        }),
      ],
    }),
  });
}
function RulesContent() {
  const { t } = useTranslation();
  const { acceptRules } = useModal();
  return /* @__PURE__ */ jsxs(Fragment, {
    children: [
      /* @__PURE__ */ jsx(Dialog.Title, {
        className: 'mb-3 text-xl font-bold text-slate-900',
        children: t('modal.rulesTitle'),
      }),
      /* @__PURE__ */ jsx(Dialog.Description, {
        className: 'mb-6 leading-8 text-slate-800',
        children: t('modal.rulesText'),
      }),
      /* @__PURE__ */ jsx('button', {
        type: 'button',
        onClick: acceptRules,
        className: 'self-start rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900',
        children: t('modal.acceptAllTerms'),
      }),
    ],
  });
}
function PreviewContent({ data }) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const item = data.item;
  const image = item.images[0]?.image;
  const short = data.type === 'product' ? data.item.short_description : '';
  const cut = preview(
    data.type === 'product'
      ? data.item.preview_description || htmlToText(data.item.description)
      : data.item.content || htmlToText(data.item.specific_content),
    160,
  );
  const href = `/${data.type}/${item.id}`;
  const tags = data.type === 'product' ? data.item.tags : [];
  return /* @__PURE__ */ jsxs(Fragment, {
    children: [
      /* @__PURE__ */ jsxs('div', {
        className: 'mb-3 flex items-start justify-between gap-4',
        children: [
          /* @__PURE__ */ jsx(Dialog.Title, {
            className: 'text-xl font-bold text-slate-900',
            children: item.title,
          }),
          /* @__PURE__ */ jsxs(Dialog.Close, {
            className:
              'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100',
            children: [
              /* @__PURE__ */ jsx(CloseIcon, {}),
              /* @__PURE__ */ jsx('span', {
                className: 'sr-only',
                children: t('modal.close'),
              }),
            ],
          }),
        ],
      }),
      image
        ? /* @__PURE__ */ jsx('img', {
            src: image,
            alt:
              (data.type === 'product' && data.item.images[0]?.alt) ||
              t('modal.imageAlt', { title: item.title }),
            width: 640,
            height: 360,
            className: 'mb-4 aspect-[16/9] h-auto w-full rounded-xl bg-slate-100 object-cover',
          })
        : /* @__PURE__ */ jsxs('div', {
            className:
              'mb-4 flex aspect-[16/9] w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 text-slate-600',
            children: [
              /* @__PURE__ */ jsx(ImagePlaceholderIcon, {
                width: 48,
                height: 48,
              }),
              /* @__PURE__ */ jsx('span', { children: t('modal.noPhoto') }),
            ],
          }),
      short &&
        /* @__PURE__ */ jsx('p', {
          className: 'mb-2 font-medium text-slate-800',
          children: short,
        }),
      /* @__PURE__ */ jsxs(Dialog.Description, {
        className: 'mb-4 leading-7 text-slate-700',
        children: [
          cut.text,
          cut.cut &&
            /* @__PURE__ */ jsxs(Fragment, {
              children: [
                ' ',
                /* @__PURE__ */ jsx(Link, {
                  to: href,
                  onClick: closeModal,
                  className: 'text-sky-900 underline underline-offset-4',
                  children: t('modal.clickForMore'),
                }),
              ],
            }),
        ],
      }),
      tags.length > 0 &&
        /* @__PURE__ */ jsx('ul', {
          'aria-label': t('modal.tags'),
          className: 'mb-4 flex flex-wrap gap-2',
          children: tags.map(({ tag }) =>
            /* @__PURE__ */ jsx(
              'li',
              {
                className: 'rounded-full bg-sky-50 px-3 py-1 text-sm text-sky-900',
                children: tag.title,
              },
              tag.id,
            ),
          ),
        }),
      /* @__PURE__ */ jsx(Link, {
        to: href,
        onClick: closeModal,
        className:
          'mt-auto self-start rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900',
        children: t('modal.seeMore'),
      }),
    ],
  });
}
// src/components/skeleton.tsx
/** A grey placeholder block while content loads (hidden from assistive technology; see Loading). */
function Skeleton({ className = '' }) {
  return /* @__PURE__ */ jsx('div', {
    'aria-hidden': true,
    className: `animate-pulse rounded-lg bg-slate-200 ${className}`,
  });
}
/** Announces loading once, for screen readers, beside the skeletons. */
function LoadingNote() {
  const { t } = useTranslation();
  return /* @__PURE__ */ jsx('p', {
    role: 'status',
    className: 'sr-only',
    children: t('loading'),
  });
}
function CardGridSkeleton({ count = 6 }) {
  return /* @__PURE__ */ jsxs('div', {
    className: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
    children: [
      /* @__PURE__ */ jsx(LoadingNote, {}),
      Array.from({ length: count }, (_, i) =>
        /* @__PURE__ */ jsxs(
          'div',
          {
            className: 'rounded-xl border border-slate-200 p-3',
            children: [
              /* @__PURE__ */ jsx(Skeleton, { className: 'mb-3 aspect-[4/3] w-full' }),
              /* @__PURE__ */ jsx(Skeleton, { className: 'mb-2 h-5 w-2/3' }),
              /* @__PURE__ */ jsx(Skeleton, { className: 'h-4 w-full' }),
            ],
          },
          i,
        ),
      ),
    ],
  });
}
// src/app/progress-bar.tsx
/** A slim bar at the top while a route (and its chunk) loads. */
function ProgressBar() {
  const { t } = useTranslation();
  if (useNavigation().state === 'idle') return null;
  return /* @__PURE__ */ jsx('div', {
    role: 'progressbar',
    'aria-label': t('pageLoading'),
    className: 'fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-sky-100',
    children: /* @__PURE__ */ jsx('div', { className: 'progress-indeterminate h-full w-1/3 bg-sky-700' }),
  });
}
// src/app/shell-boundary.tsx
/**
 * Keeps a crash in one part of the frame (the header, the footer) to that part: the page and the
 * rest of the frame stay. The part is replaced by a plain link home, which needs nothing that could
 * have failed (no translations, no data, no router context).
 */
function ShellBoundary({ children, home }) {
  return /* @__PURE__ */ jsx(ErrorBoundary, {
    fallback: /* @__PURE__ */ jsx('div', {
      className: 'px-4 py-3',
      children: /* @__PURE__ */ jsx('a', {
        href: home,
        className: 'font-semibold text-sky-900 underline',
        children: 'فروشگاه · Store',
      }),
    }),
    onError: (error) => console.error('part of the page failed', error),
    children,
  });
}
// src/app/toasts.tsx
/**
 * The two toast areas of spec section 9. General: top-right (the reading end of the line, so top-left
 * in right-to-left), 5000 ms, pause on hover and focus loss, close on click, draggable, role alert,
 * light theme. Modal area: bottom-centre, 500 ms.
 */
function Toasts() {
  const { t } = useTranslation();
  const rtl = useDirection() === 'rtl';
  const shared = {
    rtl,
    theme: 'light',
    role: 'alert',
    closeOnClick: true,
    draggable: true,
    pauseOnHover: true,
    pauseOnFocusLoss: true,
    newestOnTop: true,
    transition: Q,
  };
  return /* @__PURE__ */ jsxs(Fragment, {
    children: [
      /* @__PURE__ */ jsx(_e, {
        ...shared,
        containerId: GENERAL_TOASTS,
        position: rtl ? 'top-left' : 'top-right',
        autoClose: 5e3,
        'aria-label': t('toast.region'),
      }),
      /* @__PURE__ */ jsx(_e, {
        ...shared,
        containerId: MODAL_TOASTS,
        position: 'bottom-center',
        autoClose: 500,
        'aria-label': t('toast.region'),
      }),
    ],
  });
}
// src/app/root-layout.tsx
/**
 * Every page: skip link, header, the page, footer; the dialogs and toasts live here once. A crash in
 * the header or footer stays there (ShellBoundary); one in the page is the route's error boundary's.
 */
function RootLayout() {
  const { t } = useTranslation();
  return /* @__PURE__ */ jsxs('div', {
    className: 'flex min-h-screen flex-col',
    children: [
      /* @__PURE__ */ jsx('a', {
        href: '#main',
        className:
          'sr-only z-[70] rounded-lg bg-white px-4 py-2 font-semibold text-sky-900 focus:not-sr-only focus:fixed focus:start-2 focus:top-2',
        children: t('skipToContent'),
      }),
      /* @__PURE__ */ jsx(ProgressBar, {}),
      /* @__PURE__ */ jsx(ShellBoundary, {
        home: `${BASENAME}/`,
        children: /* @__PURE__ */ jsx(Header, {}),
      }),
      /* @__PURE__ */ jsx(Suspense, {
        fallback: /* @__PURE__ */ jsx(LoadingNote, {}),
        children: /* @__PURE__ */ jsx(Outlet, {}),
      }),
      /* @__PURE__ */ jsx(ShellBoundary, {
        home: `${BASENAME}/`,
        children: /* @__PURE__ */ jsx(Footer, {}),
      }),
      /* @__PURE__ */ jsx(AuthDialog, {}),
      /* @__PURE__ */ jsx(GlobalModal, {}),
      /* @__PURE__ */ jsx(Toasts, {}),
      /* @__PURE__ */ jsx(ScrollRestoration, {}),
    ],
  });
}
/** The frame of a page: the main landmark. */
function PageMain({ children }) {
  return /* @__PURE__ */ jsx('main', {
    id: 'main',
    tabIndex: -1,
    className: 'mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none',
    children,
  });
}
// src/components/error-panel.tsx
/** The translated reason of a failure. */
function useErrorMessage(error) {
  const { t } = useTranslation();
  if (error instanceof ApiError) {
    if (error.status === 0) return t('errors.network');
    if (error.status === 404) return t('errors.notFound');
    return t('errors.server', { status: error.status });
  }
  if (error instanceof Error && error.name === 'ChunkLoadError') return t('errors.chunk');
  return t('errors.text');
}
/** A failure with its translated reason and a retry button. */
function ErrorPanel({ error, onRetry, headingLevel = 2 }) {
  const { t } = useTranslation();
  const message = useErrorMessage(error);
  return /* @__PURE__ */ jsxs('div', {
    role: 'alert',
    className: 'my-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900',
    children: [
      /* @__PURE__ */ jsx(headingLevel === 1 ? 'h1' : 'h2', {
        className: 'mb-1 text-lg font-bold',
        children: t('errors.title'),
      }),
      /* @__PURE__ */ jsx('p', {
        className: 'mb-4',
        children: message,
      }),
      /* @__PURE__ */ jsx('button', {
        type: 'button',
        onClick: onRetry,
        className: 'rounded-lg bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900',
        children: t('errors.retry'),
      }),
    ],
  });
}
// src/app/route-error.tsx
/**
 * The route error boundary: a translated message and a retry. A chunk that failed reloads the page
 * once (a deploy replaced the build); if it fails again the message shows, and retry reloads. Other
 * failures refetch what failed and render the route again.
 */
function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && !hasReloadedForChunk());
  useEffect(() => {
    if (reloading) reloadOnceForChunk(() => page.reload());
  }, [reloading]);
  return /* @__PURE__ */ jsx('main', {
    id: 'main',
    className: 'mx-auto w-full max-w-6xl flex-1 px-4 py-8',
    children: reloading
      ? /* @__PURE__ */ jsx(LoadingNote, {})
      : /* @__PURE__ */ jsx(ErrorPanel, {
          error,
          headingLevel: 1,
          onRetry: () => {
            if (chunk) {
              page.reload();
              return;
            }
            queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
            navigate(location, { replace: true });
          },
        }),
  });
}
// src/app/routes.tsx
/**
 * Every route of spec section 2, under the /app basename; each page is its own lazy chunk. The
 * pathless child keeps header and footer around the page's error boundary; the root's catches what
 * the frame itself throws (the header and footer have their own, app/shell-boundary.tsx). Loaders fill
 * the query cache (app/route-data.ts): the root's with the footer's categories, each page's (exported
 * by its module) with what the page shows first.
 */
var routes = [
  {
    path: '/',
    element: /* @__PURE__ */ jsx(RootLayout, {}),
    loader: queryLoader((client, lang) =>
      client.prefetchQuery(collectionsQueryOptions(lang, { footer: true })),
    ),
    errorElement: /* @__PURE__ */ jsx(RouteError, {}),
    children: [
      {
        errorElement: /* @__PURE__ */ jsx(RouteError, {}),
        children: [
          {
            index: true,
            lazy: lazyPage(() => import('./assets/home-page-E_sz4gdM.js')),
          },
          {
            path: 'products',
            lazy: lazyPage(() => import('./assets/products-page-Bm2nou_x.js')),
          },
          {
            path: 'products/search/:name',
            lazy: lazyPage(() => import('./assets/product-search-page-CrW1qAx8.js')),
          },
          {
            path: 'product/:id',
            lazy: lazyPage(() => import('./assets/product-page-wjUbvjjb.js')),
          },
          {
            path: 'collections/search/:name',
            lazy: lazyPage(() => import('./assets/collection-page-uL9FNsgs.js')),
          },
          {
            path: 'industries/search/:name',
            lazy: lazyPage(() => import('./assets/industry-page-CTn_JAPP.js')),
          },
          {
            path: 'search',
            lazy: lazyPage(() => import('./assets/filtered-products-page-J-UmE3QO.js')),
          },
          {
            path: 'news',
            lazy: lazyPage(() => import('./assets/news-page-CCO8F2Vk.js')),
          },
          {
            path: 'news/:id',
            lazy: lazyPage(() => import('./assets/news-detail-page-CjcnQv2A.js')),
          },
          {
            path: 'aboutus',
            lazy: lazyPage(() => import('./assets/about-us-page-ZbD9s2l_.js')),
          },
          {
            path: 's',
            lazy: lazyPage(() => import('./assets/sign-in-page-BqNovshw.js')),
          },
          {
            path: '*',
            lazy: lazyPage(() => import('./assets/not-found-page-CS_jEnX5.js')),
          },
        ],
      },
    ],
  },
];
// src/app/ssr-state.ts
var SSR_STATE_ID = 'storefront-state';
/** The data block: nothing in the JSON can close the element or open a comment. */
function ssrStateScript(state) {
  return `<script type="application/json" id="${SSR_STATE_ID}">${JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}<\/script>`;
}
// src/entry-server.tsx
/**
 * Server-side rendering of the storefront (built by `vite build --ssr` into dist-server/, loaded by
 * the server's web module, apps/server/src/modules/web/ssr.ts). React Router's data router does the
 * work (createStaticHandler runs the routes' loaders, which fill the query cache, StaticRouterProvider
 * renders the matched routes); React streams the markup and this module collects it, so the page can
 * be cached per catalogue version and language. What the client needs to hydrate without fetching
 * again (the query cache, the router's loader state, the language and its translations) goes into the
 * page as one JSON data block (app/ssr-state.ts), which the Content-Security-Policy allows.
 */
/** One i18next instance per language and set of translations: `t` is pure, renders share it. */
var instances = /* @__PURE__ */ new Map();
function i18nFor(language, translations) {
  const kept = instances.get(language);
  if (kept && kept.translations === translations) return kept.instance;
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  instance.init({
    lng: language,
    fallbackLng: 'fa',
    supportedLngs: Object.keys(translations),
    resources: translations,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  instances.set(language, {
    translations,
    instance,
  });
  return instance;
}
/** Data from the API is current for the page's catalogue version; failures are not retried here. */
function serverQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        gcTime: Infinity,
      },
    },
  });
}
/**
 * The whole markup, once everything (lazy parts included) is rendered: React's prerender writes each
 * Suspense boundary in place, with no inline script (the Content-Security-Policy allows none) to
 * reveal it later. Past the time-out what is not ready is written as its fallback.
 */
async function renderToString(element, timeoutMs) {
  const { prelude } = await prerender(element, {
    signal: AbortSignal.timeout(timeoutMs),
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
  });
  return new Response(prelude).text();
}
async function render(request) {
  const language = toLanguage(request.language);
  apiConfig.fetch = request.fetch;
  const queryClient = serverQueryClient();
  const context = new RouterContextProvider();
  context.set(routeDataContext, {
    queryClient,
    language: () => language,
    waitForData: true,
  });
  const handler = createStaticHandler(routes, { basename: BASENAME });
  const result = await handler.query(new Request(request.url), { requestContext: context });
  if (result instanceof Response)
    return {
      kind: 'redirect',
      status: result.status,
      location: result.headers.get('Location') ?? '/app/',
    };
  const router = createStaticRouter(handler.dataRoutes, result);
  const i18n = i18nFor(language, request.translations);
  const html = await renderToString(
    /* @__PURE__ */ jsx(StrictMode, {
      children: /* @__PURE__ */ jsx(AppProviders, {
        i18n,
        queryClient,
        children: /* @__PURE__ */ jsx(StaticRouterProvider, {
          router,
          context: result,
          hydrate: false,
        }),
      }),
    }),
    request.timeoutMs ?? 1e4,
  );
  const state = {
    language,
    translations: Object.fromEntries([language, 'fa'].map((lng) => [lng, request.translations[lng] ?? {}])),
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
    router: {
      loaderData: result.loaderData,
      actionData: result.actionData,
      errors: result.errors,
    },
  };
  queryClient.clear();
  return {
    kind: 'page',
    status: result.statusCode,
    html,
    state: ssrStateScript(state),
  };
}
export {
  ApiError as A,
  ImagePlaceholderIcon as C,
  useAuthDialog as D,
  useModal as E,
  ORDER_DESCRIPTION_MAX as M,
  useDirection as O,
  CloseIcon as S,
  queryLoader as T,
  SubmitButton as _,
  Skeleton as a,
  fieldMessages as b,
  useIsSignedIn as c,
  useSubcollections as d,
  formatDate as f,
  FormField as g,
  formatPriceRange as h,
  LoadingNote as i,
  apiRequest as j,
  useLanguage as k,
  useToken as l,
  formatNumber as m,
  PageMain as n,
  htmlToText as o,
  formatDigits as p,
  CardGridSkeleton as r,
  render,
  preview as s,
  ErrorPanel as t,
  subcollectionsQueryOptions as u,
  TextAreaField as v,
  BASENAME as w,
  ChevronEndIcon as x,
  notify as y,
};

//# sourceMappingURL=entry-server.js.map
