import type { TFunction } from 'i18next';
import { formatNumber } from './format.ts';
import type { Language } from './i18n.ts';

const LANGUAGES = new Set(['fa', 'en']);

/**
 * A field's name as a person reads it, from its path in an error answer or an audit entry
 * (`title.fa` → "Title (Persian)", `images.0.alt.en` → "Images 1 · Alt text (English)"), in the
 * current language; translations under `fields.*`. An unknown field is "another field", never the
 * program's name for it.
 */
export function fieldLabel(t: TFunction, language: Language, path: string): string {
  const segments = path.split('.').filter(Boolean);
  if (segments.length === 0 || segments[0] === 'non_field_errors') return '';
  let label = '';
  let lang: string | undefined;
  for (const [i, segment] of segments.entries()) {
    if (LANGUAGES.has(segment) && i === segments.length - 1) lang = segment;
    else if (/^\d+$/.test(segment)) label = `${label} ${formatNumber(Number(segment) + 1, language)}`;
    else {
      const name = t(`fields.${segment}`, { defaultValue: '' });
      const part = name || (i === 0 ? t('fields.other') : '');
      if (part) label = label ? `${label} · ${part}` : part;
    }
  }
  return lang ? t(`translated.${lang}`, { label: label || t('fields.other') }) : label;
}

/** Whether a field's name has a translation (the audit log's and the error summary's test). */
export function hasFieldLabel(t: TFunction, segment: string): boolean {
  return t(`fields.${segment}`, { defaultValue: '' }) !== '';
}
