import {
  priceOnRequestChoices,
  type FeedName,
  type FeedRequest,
  type PriceOnRequestChoice,
} from '@storefront/contracts/admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/form.tsx';
import { Badge, CopyField, DataTable, type Column } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';

/**
 * A feed's on/off switch: a checkbox with the switch role (Space toggles it, as a checkbox), its
 * saved state beside it as a badge, and what "off" means.
 */
export function FeedSwitch({
  feed,
  checked,
  saved,
  onChange,
  path,
}: {
  feed: FeedName;
  checked: boolean;
  /** Whether the feed is on now (the server's state, not what is ticked before saving). */
  saved: boolean;
  onChange: (checked: boolean) => void;
  path: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const name = t(`feeds.names.${feed}`);
  return (
    <div>
      <p className="mb-2 flex flex-wrap items-center gap-2">
        <span className="font-medium">{t('feeds.state')}:</span>
        {saved ? <Badge tone="green">{t('feeds.on')}</Badge> : <Badge tone="slate">{t('feeds.off')}</Badge>}
      </p>
      <Field path={path}>
        {(control) => (
          <div className="flex items-center gap-2">
            <input
              id={id}
              type="checkbox"
              role="switch"
              className="size-4 accent-sky-800"
              checked={checked}
              onChange={(e) => onChange(e.target.checked)}
              aria-invalid={control['aria-invalid']}
              aria-describedby={[`${id}-hint`, control['aria-describedby']].filter(Boolean).join(' ')}
            />
            <label htmlFor={id} className="font-medium">
              {t('feeds.enabled', { name })}
            </label>
          </div>
        )}
      </Field>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {t('feeds.offHint')}
      </p>
    </div>
  );
}

/**
 * What the feed does with products whose price is given on request: left out, or sent as unavailable;
 * never available at price 0, which the engines show as free.
 */
export function PriceOnRequestField({
  feed,
  value,
  onChange,
  path,
}: {
  feed: FeedName;
  value: PriceOnRequestChoice;
  onChange: (value: PriceOnRequestChoice) => void;
  path: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const name = t(`feeds.names.${feed}`);
  return (
    <Field path={path}>
      {(control) => (
        <fieldset
          aria-describedby={[`${id}-why`, control['aria-describedby']].filter(Boolean).join(' ')}
          aria-invalid={control['aria-invalid']}
        >
          <legend className="mb-1 font-medium">{t('feeds.priceOnRequest.legend')}</legend>
          <p id={`${id}-why`} className="mb-2 text-sm text-slate-700">
            {t('feeds.priceOnRequest.why', { name })}
          </p>
          {priceOnRequestChoices.map((choice) => (
            <div key={choice} className="flex items-center gap-2">
              <input
                id={`${id}-${choice}`}
                type="radio"
                name={`${id}-price-on-request`}
                className="size-4 accent-sky-800"
                value={choice}
                checked={value === choice}
                onChange={() => onChange(choice)}
              />
              <label htmlFor={`${id}-${choice}`}>{t(`feeds.priceOnRequest.${choice}`)}</label>
            </div>
          ))}
        </fieldset>
      )}
    </Field>
  );
}

/**
 * Where the engine is to call: the absolute address when the store's public URL is known (copyable),
 * else the path, with a word on what to put before it.
 */
export function FeedAddress({
  feed,
  id,
  label,
  url,
  path,
}: {
  feed: FeedName;
  id: string;
  label: string;
  url: string | null;
  path: string;
}) {
  const { t } = useTranslation();
  const name = t(`feeds.names.${feed}`);
  return (
    <CopyField
      id={id}
      label={label}
      value={url ?? path}
      copyLabel={t('feeds.copyAddress', { label })}
      help={url ? t('feeds.addressHelp', { name }) : t('feeds.pathOnly', { name })}
      mono
    />
  );
}

/** The words for an answer's status: what the engine was told. */
function statusText(status: number): 'ok' | 'badRequest' | 'refused' | 'serverError' | 'other' {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 400) return 'badRequest';
  if (status === 401) return 'refused';
  if (status >= 500) return 'serverError';
  return 'other';
}

/** The latest requests the engine made (newest first, as the server keeps them), or a word that there are none. */
export function LastRequests({ feed, requests }: { feed: FeedName; requests: readonly FeedRequest[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const name = t(`feeds.names.${feed}`);
  const label = t('feeds.requests.title', { name });
  // A request has no id of its own: its place in the list (newest first) stands for one.
  const rows = requests.map((request, index) => ({ ...request, id: index }));
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'at', header: t('feeds.requests.at'), className: 'whitespace-nowrap', cell: (r) => f.date(r.at) },
    {
      key: 'form',
      header: t('feeds.requests.form'),
      cell: (r) => t(`feeds.requests.forms.${r.form ?? 'none'}`),
    },
    {
      key: 'status',
      header: t('feeds.requests.status'),
      cell: (r) => t(`feeds.requests.statuses.${statusText(r.status)}`, { status: f.number(r.status) }),
    },
    {
      key: 'ip',
      header: t('feeds.requests.ip'),
      className: 'break-all',
      cell: (r) => <span dir="ltr">{r.ip}</span>,
    },
  ];
  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <h3 className="mb-1 font-bold">{label}</h3>
      {rows.length === 0 ? (
        <p className="text-slate-800">{t('feeds.requests.empty', { name })}</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700">
            {t('feeds.requests.kept', { formatted: f.number(100) })}
          </p>
          <DataTable label={label} rows={rows} columns={columns} framed />
        </>
      )}
    </div>
  );
}
