/**
 * The date (and time) picker behind `DateField` (loaded lazily: React Aria's date picker is its own
 * chunk). In fa the calendar is the Persian (Jalali) one with Persian digits and weeks from Saturday;
 * in en, Gregorian. What is stored is always ISO: `YYYY-MM-DD` for a day, an ISO instant (UTC) for a
 * date and time.
 */
import {
  GregorianCalendar,
  parseAbsoluteToLocal,
  parseDate,
  toCalendar,
  type CalendarDate,
  type DateValue,
  type ZonedDateTime,
} from '@internationalized/date';
import { DATE_LOCALES } from '@storefront/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components';
import { toLanguage } from '../lib/i18n.ts';

export interface DatePickerFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or an ISO instant when `withTime`; '' for none. */
  value: string;
  /** The new value in the same form; '' when cleared. */
  onChange: (value: string) => void;
  withTime?: boolean;
  /** Ids of the hint and error texts under the field. */
  describedBy?: string;
  invalid?: boolean;
}

/** fa: the Persian calendar (Persian digits come with the locale); en: as the back office's dates. */
export function pickerLocale(language: 'fa' | 'en'): string {
  return DATE_LOCALES[language];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const gregorian = new GregorianCalendar();

function dayValue(value: string): CalendarDate | null {
  if (!DAY.test(value)) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

function instantValue(value: string): ZonedDateTime | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return parseAbsoluteToLocal(date.toISOString());
}

/**
 * A year being typed is not a date yet: React Aria reports a change as soon as every segment has a
 * value, at the year's first key («2», then «20», «202»). A year before 1000 (in the Gregorian
 * calendar, where the Jalali 1…999 also land) is such a partial year and stays in the field until
 * the rest is typed; no form or filter of the back office holds one.
 */
export function isPartialYear(value: DateValue): boolean {
  return toCalendar(value, gregorian).year < 1000;
}

/** The stored form of a picked value: a Gregorian ISO day, or an ISO instant. */
export function storedValue(value: DateValue | null, withTime: boolean): string {
  if (!value) return '';
  if (withTime && 'timeZone' in value) return value.toDate().toISOString();
  const day = toCalendar(value, gregorian);
  return `${String(day.year).padStart(4, '0')}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

const segmentClass =
  'rounded px-0.5 tabular-nums outline-none focus:bg-sky-800 focus:text-white data-placeholder:text-slate-600';
const cellClass =
  'flex h-9 w-9 cursor-pointer items-center justify-center rounded text-sm outline-none hover:bg-slate-100 data-focus-visible:ring-3 data-focus-visible:ring-sky-700 data-outside-month:hidden data-selected:bg-sky-800 data-selected:text-white data-disabled:text-slate-400 data-unavailable:text-slate-400';

export function DatePickerField({
  label,
  value,
  onChange,
  withTime = false,
  describedBy,
  invalid,
}: DatePickerFieldProps) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  // One object per stored value: React Aria compares its value by identity, and a new but equal one
  // (any re-render of the page) would reset a segment being typed.
  const parsed = useMemo(() => (withTime ? instantValue(value) : dayValue(value)), [value, withTime]);
  // What the field shows: the stored value, or a date still being typed (a partial year) that is not
  // stored yet. A new stored value replaces it unless it is the one the field holds already.
  const [draft, setDraft] = useState<{ value: string; date: DateValue | null }>({ value, date: parsed });
  let date = draft.date;
  if (draft.value !== value) {
    if (storedValue(draft.date, withTime) !== value) date = parsed;
    setDraft({ value, date });
  }
  return (
    <I18nProvider locale={pickerLocale(language)}>
      <DatePicker<DateValue>
        value={date}
        onChange={(next) => {
          setDraft((d) => ({ ...d, date: next }));
          if (next === null || !isPartialYear(next)) onChange(storedValue(next, withTime));
        }}
        granularity={withTime ? 'minute' : 'day'}
        hideTimeZone
        shouldForceLeadingZeros
        firstDayOfWeek={language === 'fa' ? 'sat' : undefined}
        isInvalid={invalid}
        aria-describedby={describedBy}
        className="flex flex-col"
      >
        <Label className="mb-1 text-sm font-medium">{label}</Label>
        <Group className="flex w-fit items-center gap-1 rounded border border-slate-400 bg-white px-2 py-1 focus-within:ring-3 focus-within:ring-sky-700 data-invalid:border-red-700">
          <DateInput className="flex gap-0.5 py-0.5">
            {(segment) => <DateSegment segment={segment} className={segmentClass} />}
          </DateInput>
          <Button
            aria-label={t('datePicker.open', { label })}
            className="ms-1 rounded px-1.5 py-0.5 text-slate-800 hover:bg-slate-100"
          >
            <span aria-hidden="true">▾</span>
          </Button>
        </Group>
        <Popover className="rounded border border-slate-300 bg-white p-3 shadow-lg">
          <Dialog aria-label={label} className="outline-none">
            <Calendar<DateValue> firstDayOfWeek={language === 'fa' ? 'sat' : undefined}>
              <header className="mb-2 flex items-center justify-between gap-2">
                <Button
                  slot="previous"
                  aria-label={t('datePicker.previousMonth')}
                  className="rounded px-2 py-1 hover:bg-slate-100"
                >
                  <span aria-hidden="true" className="inline-block rtl:rotate-180">
                    ‹
                  </span>
                </Button>
                <Heading className="font-bold" />
                <Button
                  slot="next"
                  aria-label={t('datePicker.nextMonth')}
                  className="rounded px-2 py-1 hover:bg-slate-100"
                >
                  <span aria-hidden="true" className="inline-block rtl:rotate-180">
                    ›
                  </span>
                </Button>
              </header>
              <CalendarGrid className="border-collapse">
                <CalendarGridHeader>
                  {(day) => (
                    <CalendarHeaderCell className="h-8 w-9 text-xs font-medium text-slate-700">
                      {day}
                    </CalendarHeaderCell>
                  )}
                </CalendarGridHeader>
                <CalendarGridBody>
                  {(date) => <CalendarCell date={date} className={cellClass} />}
                </CalendarGridBody>
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
