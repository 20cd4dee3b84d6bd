import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../components/ui.tsx';

/** What the owner did to Emalls' token: typed a new one, asked for the saved one to go, or neither. */
export interface TokenEdit {
  value: string;
  remove: boolean;
}

export const untouchedToken: TokenEdit = { value: '', remove: false };

/** The body's token: left out to keep the saved one, null to remove it, else the one typed. */
export function tokenBody(edit: TokenEdit): string | null | undefined {
  if (edit.remove) return null;
  const typed = edit.value.trim();
  return typed === '' ? undefined : typed;
}

/**
 * Emalls' token, which the server never sends back in full: the saved one shows masked as the
 * placeholder, what is typed replaces it on save, "Remove" takes it away on save (which turns the
 * feed off), "Keep it" undoes that.
 */
export function TokenField({
  current,
  edit,
  onEdit,
}: {
  /** The saved token, masked by the server; null when none is saved. */
  current: string | null;
  edit: TokenEdit;
  onEdit: (edit: TokenEdit) => void;
}) {
  const { t } = useTranslation();
  const label = t('feeds.token.label');
  if (edit.remove)
    return (
      <div>
        <p className="mb-1 text-sm font-medium">{label}</p>
        <p className="flex flex-wrap items-center gap-2">
          <span>{t('feeds.token.willRemove')}</span>
          <Button onClick={() => onEdit(untouchedToken)} aria-label={t('feeds.token.keepLabel')}>
            {t('feeds.token.keep')}
          </Button>
        </p>
      </div>
    );
  return (
    <div>
      <TextField
        label={label}
        type="password"
        value={edit.value}
        onChange={(value) => onEdit({ value, remove: false })}
        path="emalls.token"
        dir="ltr"
        // A password manager has nothing to fill here: this is what Emalls sends, not a sign-in.
        autoComplete="off"
        placeholder={current ?? t('feeds.token.none')}
        hint={current ? t('feeds.token.keepHint') : t('feeds.token.hint')}
      />
      {current ? (
        <Button
          className="mt-1"
          onClick={() => onEdit({ value: '', remove: true })}
          aria-label={t('feeds.token.removeLabel')}
        >
          {t('feeds.token.remove')}
        </Button>
      ) : null}
    </div>
  );
}
