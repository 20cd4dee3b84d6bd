import type { EntityOf } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { setLanguageText } from '../../components/fields.tsx';
import { Button, TextField } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';

type Properties = EntityOf<'products'>['properties'];

/** A product's properties: an editable list of translated key/value pairs. */
export function PropertiesField({
  value,
  onChange,
}: {
  value: Properties;
  onChange: (value: Properties) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const set = (index: number, part: 'key' | 'value', language: 'fa' | 'en', text: string) => {
    const next = [...value];
    const row = next[index]!;
    next[index] = { ...row, [part]: setLanguageText(row[part], language, text) };
    onChange(next);
  };
  return (
    <fieldset className="mb-4">
      <legend className="mb-1 font-bold">{t('fields.properties')}</legend>
      <ol className="space-y-2">
        {value.map((row, index) => {
          const n = f.number(index + 1);
          return (
            <li
              key={index}
              className="grid items-end gap-2 rounded border border-slate-300 bg-white p-2 md:grid-cols-[1fr_1fr_1fr_1fr_auto]"
            >
              <TextField
                label={t('properties.keyFa', { n })}
                dir="rtl"
                lang="fa"
                value={row.key.fa}
                onChange={(v) => set(index, 'key', 'fa', v)}
                path={`properties.${index}.key.fa`}
                required
              />
              <TextField
                label={t('properties.keyEn', { n })}
                dir="ltr"
                lang="en"
                value={row.key.en ?? ''}
                onChange={(v) => set(index, 'key', 'en', v)}
                path={`properties.${index}.key.en`}
              />
              <TextField
                label={t('properties.valueFa', { n })}
                dir="rtl"
                lang="fa"
                value={row.value.fa}
                onChange={(v) => set(index, 'value', 'fa', v)}
                path={`properties.${index}.value.fa`}
                required
              />
              <TextField
                label={t('properties.valueEn', { n })}
                dir="ltr"
                lang="en"
                value={row.value.en ?? ''}
                onChange={(v) => set(index, 'value', 'en', v)}
                path={`properties.${index}.value.en`}
              />
              <Button
                variant="ghost"
                aria-label={t('properties.remove', { n })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                {t('common.remove')}
              </Button>
            </li>
          );
        })}
      </ol>
      <Button className="mt-2" onClick={() => onChange([...value, { key: { fa: '' }, value: { fa: '' } }])}>
        {t('properties.add')}
      </Button>
    </fieldset>
  );
}
