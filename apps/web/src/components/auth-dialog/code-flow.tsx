import type { CodePurpose, CodeSent } from '@storefront/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import type { TokenPair } from '../../lib/api/login.ts';
import { CodeStep, PhoneStep } from './code-step.tsx';

/** What a code step needs from its flow besides the phone and the code. */
export interface CodeStepExtras {
  children?: ReactNode;
  validate?: () => boolean;
  onFieldErrors?: (fields: Record<string, string[]>) => void;
}

/**
 * A flow that starts from a phone: send a code for `purpose`, then spend it with `verify` (signing in
 * by code, confirming a phone, a new password). "Change number" returns to the phone with what was
 * typed; `onBack` leaves the flow (back to the password).
 */
export function CodeFlow({
  purpose,
  initialPhone,
  intro,
  submitLabel,
  verify,
  onVerified,
  onBack,
  extras = {},
}: {
  purpose: CodePurpose;
  initialPhone: string;
  intro: string;
  submitLabel: string;
  verify: (phone: string, code: string) => Promise<TokenPair>;
  onVerified: (tokens: TokenPair) => void;
  onBack: () => void;
  extras?: CodeStepExtras;
}) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(initialPhone);
  const [sent, setSent] = useState<CodeSent>();

  if (!sent)
    return (
      <PhoneStep
        purpose={purpose}
        initialPhone={phone}
        intro={intro}
        onSent={(to, answer) => {
          setPhone(to);
          setSent(answer);
        }}
        backLabel={t('codes.backToLogin')}
        onBack={onBack}
      />
    );
  return (
    <CodeStep
      phone={phone}
      purpose={purpose}
      sent={sent}
      submitLabel={submitLabel}
      verify={(code) => verify(phone, code)}
      onVerified={onVerified}
      onBack={() => setSent(undefined)}
      backLabel={t('codes.changeNumber')}
      {...extras}
    />
  );
}
