import { useFormat } from '../format.ts';
import { TextField } from './ui.tsx';

function pad(n: number) {
  return String(n).padStart(2, '0');
}

/** An ISO date as the value of a datetime-local input (the browser's time zone). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A date and time, kept as ISO 8601 with its zone (UTC); shown in the current language's calendar. */
export function DateTimeField({
  label,
  value,
  onChange,
  path,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  path?: string;
}) {
  const f = useFormat();
  return (
    <TextField
      label={label}
      type="datetime-local"
      dir="ltr"
      value={toLocalInput(value)}
      onChange={(v) => {
        const d = new Date(v);
        if (!Number.isNaN(d.getTime())) onChange(d.toISOString());
      }}
      path={path}
      hint={value ? f.date(value) : undefined}
      className="max-w-xs"
    />
  );
}
