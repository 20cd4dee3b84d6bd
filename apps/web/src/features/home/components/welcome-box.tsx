import { ENQUIRY_DESCRIPTION_MAX } from '@storefront/contracts';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type RefObject,
} from 'react';
import { useTranslation } from '../../../app/translate.tsx';
import { CloseButton } from '../../../components/close-button.tsx';
import type { SentEnquiry } from '../../../components/enquiry-sent.tsx';
import { EmailField, PhoneField, SubmitButton, TextAreaField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateEnquiry } from '../../../lib/api/create-enquiry.ts';
import { fieldMessages } from '../../../lib/error-messages.ts';
import { notify } from '../../../lib/toast.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useBrowserValue } from '../../../lib/use-browser-value.ts';
import { formatDigits } from '../../../lib/format.ts';
import {
  hideWelcome,
  isWelcomeHidden,
  normalizeDigits,
  validateQuickRequest,
  WELCOME_HIDDEN_KEY,
  type QuickRequest,
  type QuickRequestError,
} from '../quick-request.ts';
import { RESERVE_BELOW, RESERVE_GAP, SESSION_HIDDEN } from '../../../app/island-markup.ts';

/**
 * The sent request's reference and follow link (issue 25): loaded once a request has been sent, so
 * that the home page's first load does not carry it (scripts/size-budget.ts).
 */
const EnquirySent = lazy(() =>
  import('../../../components/enquiry-sent.tsx').then((module) => ({ default: module.EnquirySent })),
);

/** The general request of the home page is sent as an order of product -1 (docs/product.md, Calls). */
const GENERAL_REQUEST_ID = -1;

type FieldErrors = Partial<Record<keyof QuickRequest, string[]>>;

/**
 * The floating welcome box of the home page: a compact prompt whose request button expands it into
 * the quick request form (phone, description, email). The spec's checks run in order and the first
 * failing one is shown at its field; a valid request goes to store/products/-1/orders/. Closing the
 * box or a successful send hides it for the session. A failed send keeps what was typed and says
 * why (the server's field messages, or that it was not sent). A sent request with a follow link
 * leaves its reference and link floating where the box was, until closed.
 */
export function WelcomeBox() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // Read from session storage after hydration (the server renders the box; a visitor who closed it
  // this session does not see it again).
  // Session storage changes only through dismiss(), which renders again by itself.
  const hiddenThisSession = useBrowserValue(isWelcomeHidden, false);
  const [dismissed, setDismissed] = useState(false);
  const hidden = hiddenThisSession || dismissed;
  const [expanded, setExpanded] = useState(false);
  const [request, setRequest] = useState<QuickRequest>({ phone: '', description: '', email: '' });
  const [invalid, setInvalid] = useState<QuickRequestError | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState(false);
  const [sent, setSent] = useState<SentEnquiry | null>(null);
  const lang = useLanguage();
  const order = useCreateEnquiry(GENERAL_REQUEST_ID);
  const box = useRef<HTMLElement>(null);
  useReserveSpaceBelow(box, !hidden);
  // Once the form is drawn (right after the request button was pressed), the phone takes the keyboard.
  useEffect(() => {
    if (expanded) (form.current?.elements.namedItem('phone') as HTMLElement | null)?.focus();
  }, [expanded]);

  if (hidden) {
    return (
      sent && (
        <Suspense>
          <EnquirySent
            sent={sent}
            t={tc}
            digits={(value) => formatDigits(value, lang)}
            floating
            onClose={() => {
              setSent(null);
              document.getElementById('main')?.focus();
            }}
          />
        </Suspense>
      )
    );
  }

  /** Hidden for the session; the keyboard goes to the page rather than to nowhere. */
  const dismiss = () => {
    hideWelcome();
    setDismissed(true);
    document.getElementById('main')?.focus();
  };

  const focusField = (name: keyof QuickRequest) =>
    (form.current?.elements.namedItem(name) as HTMLElement | null)?.focus();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateQuickRequest(request);
    setInvalid(problem);
    setServerErrors({});
    setFailed(false);
    if (problem) {
      focusField(problem.field);
      return;
    }
    const typed = { ...request, phone: normalizeDigits(request.phone) };
    order.mutate(typed, {
      onSuccess: (enquiry) => {
        notify.success(t('orderSubmittedSuccessfully'));
        dismiss();
        setSent({ answer: enquiry, typed });
      },
      onError: (error) => {
        const fields =
          error instanceof ApiError && error.status === 400
            ? fieldMessages(error, tc, { description: ENQUIRY_DESCRIPTION_MAX })
            : {};
        const known: FieldErrors = {};
        for (const name of ['phone', 'description', 'email'] as const) {
          if (fields[name]) known[name] = fields[name];
        }
        setServerErrors(known);
        setFailed(Object.keys(known).length === 0);
        const first = (['phone', 'description', 'email'] as const).find((name) => known[name]);
        if (first) focusField(first);
      },
    });
  };

  const errorsOf = (name: keyof QuickRequest): string[] => [
    ...(invalid?.field === name ? [t(invalid.key)] : []),
    ...(serverErrors[name] ?? []),
  ];
  /** A field's name, value, errors and change handler (typing in the field clears its failed check). */
  const field = (name: keyof QuickRequest) => ({
    name,
    value: request[name],
    errors: errorsOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setRequest((current) => ({ ...current, [name]: value }));
      if (invalid?.field === name) setInvalid(null);
    },
  });

  return (
    <aside
      ref={box}
      aria-label={t('welcome.label')}
      data-testid="welcome-box"
      // Closed or used in this session: an islands page's loader hides it before its island hydrates.
      {...{ [SESSION_HIDDEN]: WELCOME_HIDDEN_KEY, [RESERVE_BELOW]: '' }}
      className="fixed bottom-3 end-3 z-30 max-h-[85vh] w-[min(24rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl border border-sky-200 bg-white p-4 shadow-2xl"
    >
      <div className="mb-2 flex items-start justify-between gap-3">
        <h2 className="text-base font-bold text-slate-900">{t('welcome.title')}</h2>
        <CloseButton label={t('welcome.close')} onClick={dismiss} />
      </div>
      {!expanded ? (
        <>
          <p className="mb-3 text-sm text-slate-700">{t('welcome.prompt')}</p>
          <button
            type="button"
            aria-expanded={false}
            aria-controls={`${id}-form`}
            onClick={() => setExpanded(true)}
            className="w-full rounded-lg bg-sky-800 px-4 py-2 font-semibold text-white hover:bg-sky-900"
          >
            {t('welcome.open')}
          </button>
        </>
      ) : (
        <form id={`${id}-form`} ref={form} onSubmit={onSubmit} noValidate className="space-y-3">
          <PhoneField
            label={t('welcome.phone')}
            hint={t('welcome.phoneHint')}
            autoComplete="tel"
            {...field('phone')}
          />
          <TextAreaField label={t('welcome.description')} rows={3} {...field('description')} />
          <EmailField label={t('welcome.email')} {...field('email')} />
          {/* Read out at once: the first failing check (shown at its field, so hidden here) or a failed send. */}
          <p
            role="alert"
            className={invalid ? 'sr-only' : 'text-sm font-medium text-red-800'}
            data-testid="quick-request-message"
          >
            {invalid ? t(invalid.key) : failed ? t('welcome.failed') : ''}
          </p>
          <SubmitButton
            pending={order.isPending}
            label={t('welcome.submit')}
            pendingLabel={t('welcome.sending')}
            fullWidth
          />
        </form>
      )}
    </aside>
  );
}

/**
 * While the box floats, the page gets as much room below its end as the box is tall, so that the
 * footer's last lines (the newsletter form) can always be scrolled out from under it (before the box's
 * island hydrates, src/islands.ts keeps it: RESERVE_BELOW).
 */
function useReserveSpaceBelow(box: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const element = box.current;
    if (!active || !element) return;
    const body = document.body;
    const reserve = () => {
      body.style.paddingBottom = `${element.offsetHeight + RESERVE_GAP}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = '';
    };
  }, [box, active]);
}
