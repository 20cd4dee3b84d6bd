import { useTranslation } from 'react-i18next';
import { Button, TextField } from './ui.tsx';

/**
 * What the owner did to a secret (an API key, a bot token, a proxy URL with its password): typed a
 * new one, asked for the saved one to go, or left it alone (the server keeps it).
 */
export interface SecretEdit {
  value: string;
  remove: boolean;
}

export const untouched: SecretEdit = { value: '', remove: false };

/** The body's value for a secret: left out to keep it, null to remove it, else the new one. */
export function secretBody(edit: SecretEdit): string | null | undefined {
  if (edit.remove) return null;
  const typed = edit.value.trim();
  return typed === '' ? undefined : typed;
}

/**
 * A secret the server never sends back in full (an SMS key, a bot token, Emalls' token): the saved
 * one shows masked as the placeholder, what is typed replaces it on save, "Remove" takes it away on
 * save (and "Keep it" undoes that). Set by the environment, it is read-only and says which variable
 * sets it.
 */
export function SecretField({
  label,
  current,
  locked = false,
  env = '',
  path,
  edit,
  onEdit,
  type = 'password',
  emptyHint,
  removeNote,
  actionLabels,
}: {
  label: string;
  /** The saved value, masked by the server; null when none is saved. */
  current: string | null;
  locked?: boolean;
  /** The environment variable that sets it (named when it is locked). */
  env?: string;
  path: string;
  /** The hint under the field when nothing is saved yet. */
  emptyHint?: string;
  /** What removing it will do (shown while the removal waits for the save). */
  removeNote?: string;
  /** The Remove and Keep buttons' accessible names, where "Remove the <label>" does not read well. */
  actionLabels?: { remove: string; keep: string };
  edit: SecretEdit;
  onEdit: (edit: SecretEdit) => void;
  /** A proxy URL is no password to hide while typed, only masked when it comes back. */
  type?: 'password' | 'url';
}) {
  const { t } = useTranslation();
  if (locked)
    return (
      <TextField
        label={label}
        value={current ?? ''}
        onChange={() => undefined}
        dir="ltr"
        disabled
        hint={t('channels.locked', { name: env })}
      />
    );
  if (edit.remove)
    return (
      <div>
        <p className="mb-1 text-sm font-medium">{label}</p>
        <p className="flex flex-wrap items-center gap-2">
          <span>{removeNote ?? t('channels.willRemove', { label })}</span>
          <Button
            onClick={() => onEdit(untouched)}
            aria-label={actionLabels?.keep ?? t('channels.keepFor', { label })}
          >
            {t('channels.keep')}
          </Button>
        </p>
      </div>
    );
  return (
    <div>
      <TextField
        label={label}
        type={type === 'password' ? 'password' : 'text'}
        inputMode={type === 'url' ? 'url' : undefined}
        value={edit.value}
        onChange={(value) => onEdit({ value, remove: false })}
        path={path}
        dir="ltr"
        // A password manager has nothing to fill here: this is a service's key, not a sign-in.
        autoComplete="off"
        placeholder={current ?? t('channels.noneSaved')}
        hint={current ? t('channels.keepHint') : emptyHint}
      />
      {current ? (
        <Button
          className="mt-1"
          onClick={() => onEdit({ value: '', remove: true })}
          aria-label={actionLabels?.remove ?? t('channels.removeFor', { label })}
        >
          {t('channels.remove')}
        </Button>
      ) : null}
    </div>
  );
}
