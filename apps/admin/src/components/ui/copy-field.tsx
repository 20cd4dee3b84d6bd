import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

/**
 * A value shown once to be copied (an invitation's link, a webhook's secret): read-only, selected on
 * focus, with a Copy button that says "Copied" once the clipboard has it.
 */
export function CopyField({
  id,
  label,
  value,
  copyLabel,
  help,
  mono = false,
}: {
  id: string;
  label: string;
  value: string;
  /** The button's accessible name when "Copy" alone would not say what it copies. */
  copyLabel?: string;
  help?: ReactNode;
  mono?: boolean;
}) {
  const { t } = useTranslation();
  // Copied belongs to this value: a new one (a new key, or a new value) starts uncopied.
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className="mt-3 rounded border border-green-300 bg-green-50 p-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          dir="ltr"
          value={value}
          aria-describedby={help ? `${id}-help` : undefined}
          className={`block w-full rounded border border-slate-500 bg-white px-2 py-1.5 ${mono ? 'font-mono' : ''}`}
          onFocus={(e) => e.target.select()}
        />
        <Button
          aria-label={copyLabel}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(value));
          }}
        >
          {copied === value ? t('common.copied') : t('common.copy')}
        </Button>
      </div>
      {help ? (
        <p id={`${id}-help`} className="mt-2 text-sm">
          {help}
        </p>
      ) : null}
    </div>
  );
}
