import { asciiDigits, type CodePurpose, type CodeSent } from '@storefront/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation, type TFunction } from '../../app/translate.tsx';
import { useAuthOptions } from '../../lib/api/get-auth-options.ts';
import type { TokenPair } from '../../lib/api/login.ts';
import { sendCode } from '../../lib/api/send-code.ts';
import { ApiError } from '../../lib/api-client.ts';
import { failureMessage, fieldMessages } from '../../lib/error-messages.ts';
import { formatDigits } from '../../lib/format.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { FormField, SubmitButton, useFormValues } from '../form-field.tsx';
import { AccountPhoneField } from './account-fields.tsx';
import { useFocusFirstInput } from './focus.ts';
import { useCooldown } from './use-cooldown.ts';

/**
 * The steps every one-time-code flow shares (issue 24): the phone a code goes to (PhoneStep) and the
 * code itself (CodeStep), with the cool-down before another code may be asked for.
 */

/** The seconds a 429 (`code_cooldown`, `throttled`) asks to wait, when it says. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const seconds = error.body?.retry_after;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

/** A code as the server takes it: Persian or Arabic digits made ASCII, spaces and dashes dropped. */
export function normalizeCode(value: string): string {
  return asciiDigits(value).replace(/[\s-]/g, '');
}

const BUTTON_LINK = 'text-sky-900 underline underline-offset-4 disabled:text-slate-500 disabled:no-underline';

/** A whole-request error of a step, announced as it appears. */
export function StepAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {message}
    </div>
  );
}

/** A text button (the flows' "back", "change number", "send again"). */
export function LinkButton({
  children,
  onClick,
  disabled = false,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={BUTTON_LINK} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

/**
 * The phone a code goes to: send it (purpose `purpose`) and hand the answer on. A 429 shows the
 * translated message and counts down on the button until it may be asked again.
 */
export function PhoneStep({
  purpose,
  initialPhone,
  intro,
  onSent,
  backLabel,
  onBack,
}: {
  purpose: CodePurpose;
  initialPhone: string;
  intro: string;
  onSent: (phone: string, sent: CodeSent) => void;
  backLabel: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const form = useFormValues({ username: initialPhone });
  const [phoneErrors, setPhoneErrors] = useState<string[]>();
  const [alert, setAlert] = useState<string>();
  const cooldown = useCooldown();
  const send = useMutation({ mutationFn: (phone: string) => sendCode(lang, { phone, purpose }) });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInput(formRef);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setPhoneErrors(undefined);
    setAlert(undefined);
    const phone = form.values.username.trim();
    send.mutate(phone, {
      onSuccess: (sent) => onSent(phone, sent),
      onError: (error) => {
        const wait = retryAfterOf(error);
        if (wait !== undefined) cooldown.start(wait);
        const fields = error instanceof ApiError && error.status === 400 ? fieldMessages(error, t) : {};
        if (fields.username && !(error instanceof ApiError && error.code)) setPhoneErrors(fields.username);
        else setAlert(failureMessage(error, t, t('codes.sendFailed')));
      },
    });
  };

  const waiting = cooldown.remaining > 0;
  return (
    <form ref={formRef} onSubmit={onSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">{intro}</p>
      <StepAlert message={alert} />
      <AccountPhoneField errors={phoneErrors} {...form.bind('username')} />
      <SubmitButton
        pending={send.isPending}
        disabled={waiting}
        label={
          waiting
            ? t('codes.sendIn', { seconds: formatDigits(cooldown.remaining, lang) })
            : t('codes.sendCode')
        }
        pendingLabel={t('dialog.sending')}
        fullWidth
      />
      <p className="text-sm">
        <LinkButton onClick={onBack}>{backLabel}</LinkButton>
      </p>
    </form>
  );
}

/** How a code step's check failed: the messages for the code field, the other fields and the step. */
interface CheckErrors {
  code?: string[];
  fields: Record<string, string[]>;
  alert?: string;
}

function checkErrors(error: unknown, t: TFunction): CheckErrors {
  if (error instanceof ApiError && error.status === 400 && !error.code) {
    // The code's field is `otp` on the wire (packages/contracts phone-codes.ts).
    const { otp: code, ...fields } = fieldMessages(error, t);
    if (code || Object.keys(fields).length > 0) return { code, fields };
  }
  return { fields: {}, alert: failureMessage(error, t, t('codes.checkFailed')) };
}

/**
 * The code texted to `phone`: typed (Persian digits accepted; the phone's keyboard offers a code
 * that has just arrived), sent with `verify`, which answers the tokens. "Send again" is disabled
 * while the cool-down counts down; `onBack` returns to where the phone was typed. `children` are the
 * step's other fields (a new password); `validate` checks them first, `onFieldErrors` shows the
 * server's errors on them.
 */
export function CodeStep({
  phone,
  purpose,
  sent,
  submitLabel,
  verify,
  onVerified,
  onBack,
  backLabel,
  children,
  validate = () => true,
  onFieldErrors = () => undefined,
}: {
  phone: string;
  purpose: CodePurpose;
  sent: CodeSent;
  submitLabel: string;
  verify: (code: string) => Promise<TokenPair>;
  onVerified: (tokens: TokenPair) => void;
  onBack: () => void;
  backLabel: string;
  children?: ReactNode;
  validate?: () => boolean;
  onFieldErrors?: (fields: Record<string, string[]>) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { code_length: length } = useAuthOptions();
  const [code, setCode] = useState('');
  const [codeErrors, setCodeErrors] = useState<string[]>();
  const [alert, setAlert] = useState<string>();
  const [resent, setResent] = useState(false);
  const cooldown = useCooldown(sent.retry_after);
  const codeBox = useRef<HTMLDivElement>(null);
  const check = useMutation({ mutationFn: verify });
  const resend = useMutation({ mutationFn: () => sendCode(lang, { phone, purpose }) });

  // The step opens where the code is typed (a keyboard or screen reader user lands on it).
  useFocusFirstInput(codeBox);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setCodeErrors(undefined);
    setAlert(undefined);
    onFieldErrors({});
    if (!validate()) return;
    check.mutate(normalizeCode(code), {
      onSuccess: onVerified,
      onError: (error) => {
        const errors = checkErrors(error, t);
        setCodeErrors(errors.code);
        onFieldErrors(errors.fields);
        setAlert(errors.alert);
        if (error instanceof ApiError && error.code === 'code_invalid') {
          codeBox.current?.querySelector('input')?.focus();
        }
      },
    });
  };

  const onResend = () => {
    setAlert(undefined);
    setResent(false);
    resend.mutate(undefined, {
      onSuccess: (answer) => {
        cooldown.start(answer.retry_after);
        setResent(true);
      },
      onError: (error) => {
        const wait = retryAfterOf(error);
        if (wait !== undefined) cooldown.start(wait);
        setAlert(failureMessage(error, t, t('codes.sendFailed')));
      },
    });
  };

  const waiting = cooldown.remaining > 0;
  const invalid =
    alert !== undefined && check.error instanceof ApiError && check.error.code === 'code_invalid';
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">
        {t('codes.sentTo', {
          length: formatDigits(length, lang),
          phone: formatDigits(phone, lang),
        })}
      </p>
      <StepAlert message={alert} />
      <div ref={codeBox}>
        <FormField
          label={t('codes.code')}
          hint={t('codes.codeHint', { length: formatDigits(length, lang) })}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          errors={codeErrors}
          {...(invalid ? { 'aria-invalid': true } : {})}
        />
      </div>
      {children}
      <SubmitButton
        pending={check.isPending}
        disabled={check.isSuccess}
        label={submitLabel}
        pendingLabel={t('dialog.sending')}
        fullWidth
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <LinkButton onClick={onResend} disabled={waiting || resend.isPending}>
          {waiting
            ? t('codes.resendIn', { seconds: formatDigits(cooldown.remaining, lang) })
            : t('codes.resend')}
        </LinkButton>
        <LinkButton onClick={onBack}>{backLabel}</LinkButton>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {resent ? t('codes.resent') : ''}
      </p>
    </form>
  );
}
