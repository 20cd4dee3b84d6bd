import type { EntityOf } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { setLanguageText, type FieldProps } from '../../components/fields.tsx';
import { Button, TextField } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';

type Properties = EntityOf<'products'>['properties'];

/** A row's four fields: the key and the value, each in fa (required) and en. */
const CELLS = [
  { part: 'key', language: 'fa', label: 'properties.keyFa' },
  { part: 'key', language: 'en', label: 'properties.keyEn' },
  { part: 'value', language: 'fa', label: 'properties.valueFa' },
  { part: 'value', language: 'en', label: 'properties.valueEn' },
] as const;

/** A product's properties: an editable list of translated key/value pairs. */
export function PropertiesField({ value, onChange }: FieldProps<Properties>) {
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
              {CELLS.map(({ part, language, label }) => (
                <TextField
                  key={`${part}-${language}`}
                  label={t(label, { n })}
                  dir={language === 'fa' ? 'rtl' : 'ltr'}
                  lang={language}
                  value={row[part][language] ?? ''}
                  onChange={(v) => set(index, part, language, v)}
                  path={`properties.${index}.${part}.${language}`}
                  required={language === 'fa'}
                />
              ))}
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
