import type { ButtonHTMLAttributes } from 'react';
import { CloseIcon } from './icons.tsx';

// Its own module: the home page's welcome box uses it without a dialog, and must not bring Radix's
// Dialog into the first load (scripts/size-budget.ts).
/** The round close (×) button of a dialog or a floating box; its label is read out, not shown. */
export function CloseButton({
  label,
  ...button
}: { label: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...button}
      className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
    >
      <CloseIcon />
      <span className="sr-only">{label}</span>
    </button>
  );
}
