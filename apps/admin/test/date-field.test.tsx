import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DateField } from '../src/components/date-field.tsx';
import { renderWithProviders } from './render.tsx';

function Harness({ initial, log, withTime = false }: { initial: string; log: string[]; withTime?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Day"
      value={value}
      withTime={withTime}
      onChange={(v) => {
        log.push(v);
        setValue(v);
      }}
    />
  );
}

/** What the field shows: its segments' text, without bidi marks. */
async function shownDate(): Promise<string> {
  const group = await screen.findByRole('group', { name: 'Day' }, { timeout: 10_000 });
  return (group.querySelector('[role="presentation"]')?.textContent ?? '').replace(
    /[\u200e\u200f\u2066-\u2069]/g,
    '',
  );
}

async function openCalendar() {
  await userEvent.click(await screen.findByRole('button', { name: /Day/ }, { timeout: 10_000 }));
  return screen.findByRole('grid', {}, { timeout: 10_000 });
}

/** The day cell showing `text` (days of the month shown, not the neighbours'). */
function dayCell(grid: HTMLElement, text: string): HTMLElement {
  const cell = within(grid)
    .getAllByRole('gridcell')
    .find((c) => c.textContent === text && c.getAttribute('aria-disabled') !== 'true');
  if (!cell) throw new Error(`no day ${text}`);
  return cell.querySelector<HTMLElement>('[role="button"]') ?? cell;
}

describe('DateField', { timeout: 20_000 }, () => {
  // The picker is a lazily loaded chunk: load it once before the tests.
  beforeAll(async () => {
    await import('../src/components/date-picker.tsx');
  });

  it('shows an ISO day as a Jalali date with Persian digits in fa', async () => {
    renderWithProviders(<Harness initial="2026-11-25" log={[]} />, 'fa');
    // 25 November 2026 is 4 Azar 1405.
    expect(await shownDate()).toBe('۱۴۰۵/۰۹/۰۴');
  });

  it('starts the weeks on Saturday and stores the ISO day picked in the Jalali calendar', async () => {
    const log: string[] = [];
    renderWithProviders(<Harness initial="2026-11-25" log={log} />, 'fa');
    const grid = await openCalendar();
    expect(grid).toHaveAccessibleName('۱۴۰۵ آذر');
    const headers = [...grid.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج']);
    // The first week of Azar 1405 starts on Saturday 30 Aban (21 November 2026).
    const firstRow = within(grid).getAllByRole('row')[0]!;
    expect(within(firstRow).getAllByRole('gridcell')[0]).toHaveTextContent('۳۰');
    await userEvent.click(dayCell(grid, '۱۰'));
    // 10 Azar 1405 is 1 December 2026.
    expect(log).toEqual(['2026-12-01']);
    expect(await shownDate()).toBe('۱۴۰۵/۰۹/۱۰');
  });

  it('keeps a date and time as an ISO instant, shown in the Jalali calendar', async () => {
    const log: string[] = [];
    renderWithProviders(<Harness initial="2026-11-25T17:20:00.000Z" log={log} withTime />, 'fa');
    const shown = await shownDate();
    expect(shown).toMatch(/^۱۴۰۵\/۰۹\/۰۴/);
    expect(shown).not.toMatch(/[0-9]/);
    expect(screen.getAllByRole('spinbutton').map((s) => s.dataset.type)).toEqual(
      expect.arrayContaining(['year', 'month', 'day', 'hour', 'minute']),
    );
    await userEvent.click(dayCell(await openCalendar(), '۱۰'));
    expect(log).toHaveLength(1);
    expect(new Date(log[0]!).getTime()).toBe(Date.parse('2026-12-01T17:20:00.000Z'));
  });

  it('stays Gregorian in en', async () => {
    const log: string[] = [];
    renderWithProviders(<Harness initial="2026-11-25" log={log} />, 'en');
    expect(await shownDate()).toBe('25/11/2026');
    const grid = await openCalendar();
    expect(grid).toHaveAccessibleName('November 2026');
    await userEvent.click(dayCell(grid, '3'));
    expect(log).toEqual(['2026-11-03']);
  });

  it('stores a date typed at once only when its year is whole, whatever the echo of the value', async () => {
    const log: string[] = [];
    renderWithProviders(<EchoHarness log={log} />, 'en');
    const group = await screen.findByRole('group', { name: 'Day' }, { timeout: 10_000 });
    await userEvent.click(within(group).getAllByRole('spinbutton')[0]!);
    await userEvent.keyboard('25092026');
    // «2», «20», «202» are years being typed: nothing is stored until «2026».
    await vi.waitFor(() => expect(log).toEqual(['2026-09-25']));
    expect(await shownDate()).toBe('25/09/2026');
  });

  it('stores a Jalali date typed at once in fa as its ISO day', async () => {
    const log: string[] = [];
    renderWithProviders(<EchoHarness log={log} />, 'fa');
    const group = await screen.findByRole('group', { name: 'Day' }, { timeout: 10_000 });
    const year = group.querySelector<HTMLElement>('[data-type="year"]')!;
    await userEvent.click(year);
    // Year, month and day in the fa field's order: 3 Mehr 1405 is 25 September 2026.
    await userEvent.keyboard('14050703');
    await vi.waitFor(() => expect(log).toEqual(['2026-09-25']));
    expect(await shownDate()).toBe('۱۴۰۵/۰۷/۰۳');
  });

  it('clears a filter with its clear button', async () => {
    const log: string[] = [];
    renderWithProviders(<ClearableHarness log={log} />, 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear Day' }, { timeout: 10_000 }));
    expect(log).toEqual(['']);
    expect(await shownDate()).not.toMatch(/\d/);
  });
});

/** A filter whose value makes a round trip (as through the URL) before it comes back as the prop. */
function EchoHarness({ log }: { log: string[] }) {
  const [value, setValue] = useState('');
  return (
    <DateField
      label="Day"
      value={value}
      onChange={(v) => {
        log.push(v);
        setTimeout(() => setValue(v), 5);
      }}
    />
  );
}

function ClearableHarness({ log }: { log: string[] }) {
  const [value, setValue] = useState('2026-11-25');
  return (
    <DateField
      label="Day"
      clearable
      value={value}
      onChange={(v) => {
        log.push(v);
        setValue(v);
      }}
    />
  );
}
