import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Field, Form, SubmitButton, useCreated, type SaveState } from '../src/components/form.tsx';
import { ConfirmTarget, CopyField, DataTable, TableFrame, TextField } from '../src/components/ui.tsx';
import { ApiError } from '../src/lib/api.ts';
import { AppProviders } from '../src/app/providers.tsx';
import { renderWithProviders } from './render.tsx';

/** Renders `ui`, and `rerender` renders the next one in the same providers (the same tree). */
function renderStill(ui: ReactElement) {
  const result = renderWithProviders(ui);
  return (next: ReactElement) =>
    result.rerender(
      <AppProviders i18n={result.i18n} client={result.client}>
        {next}
      </AppProviders>,
    );
}

const idle: SaveState = { isPending: false, isSuccess: false, error: null };
const invalidEmail = new ApiError(400, { code: 'validation_failed', codes: { email: ['email_invalid'] } });

function EmailForm({ save, ...props }: { save: SaveState; fieldsOnly?: boolean; saved?: string }) {
  const [email, setEmail] = useState('a@');
  return (
    <Form save={save} onSubmit={() => undefined} {...props}>
      <TextField label="Email" value={email} onChange={setEmail} path="email" />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

describe('<Form>', () => {
  it('submits without the browser reloading the page, once per submit', async () => {
    const submitted = vi.fn();
    renderWithProviders(
      <Form onSubmit={submitted}>
        <TextField label="Name" value="" onChange={() => undefined} required />
        <SubmitButton>Send</SubmitButton>
      </Form>,
    );
    // noValidate: the server's field errors speak, not the browser's bubble on the empty required field.
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('names an invalid field at the field (by its code) and in the alert', () => {
    renderWithProviders(<EmailForm save={{ ...idle, error: invalidEmail }} />);
    const field = screen.getByLabelText('Email');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByRole('alert')).toHaveTextContent('Email: Enter a valid email address.');
  });

  it('fieldsOnly: an invalid field is named at the field only; another error still alerts', () => {
    const rerender = renderStill(<EmailForm fieldsOnly save={{ ...idle, error: invalidEmail }} />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<EmailForm fieldsOnly save={{ ...idle, error: new ApiError(429, { code: 'throttled' }) }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts.');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('disables its submit button while the save is under way', () => {
    const rerender = renderStill(<EmailForm save={{ ...idle, isPending: true }} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    rerender(<EmailForm save={idle} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('says "Saved." in a live region that is there before the save, and only after it succeeded', () => {
    const rerender = renderStill(<EmailForm save={idle} saved="Saved." />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    rerender(<EmailForm save={{ ...idle, isSuccess: true }} saved="Saved." />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Saved.');
  });

  it('a form that confirms nothing has no live region', () => {
    renderWithProviders(<EmailForm save={{ ...idle, isSuccess: true }} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('<Field>', () => {
  it('marks its own control invalid and describes it by the error of its path', () => {
    const error = new ApiError(400, { code: 'validation_failed', codes: { reviews: ['choice_invalid'] } });
    renderWithProviders(
      <Form onSubmit={() => undefined} error={error}>
        <Field path="reviews">
          {(control) => (
            <fieldset {...control}>
              <legend>Moderation</legend>
            </fieldset>
          )}
        </Field>
        <Field path="other">{(control) => <input aria-label="Other" {...control} />}</Field>
      </Form>,
    );
    const group = screen.getByRole('group', { name: 'Moderation' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription(/./);
    expect(screen.getByLabelText('Other')).not.toHaveAttribute('aria-invalid');
  });
});

function Creator({ create }: { create: (name: string) => Promise<string> }) {
  const [name, setName] = useState('');
  const [created, onCreated] = useCreated<string>(() => setName(''));
  return (
    <Form onSubmit={() => void create(name).then(onCreated, () => undefined)}>
      <TextField label="Name" value={name} onChange={setName} />
      <SubmitButton>Create</SubmitButton>
      {created ? <p>Created {created}</p> : null}
    </Form>
  );
}

describe('useCreated', () => {
  it('shows the answer and clears what was typed; a failed try keeps the last answer', async () => {
    const create = vi.fn(async (name: string) => `#${name}`);
    renderWithProviders(<Creator create={create} />);
    await userEvent.type(screen.getByLabelText('Name'), 'one');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Created #one')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    create.mockRejectedValueOnce(new Error('no'));
    await userEvent.type(screen.getByLabelText('Name'), 'two');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await act(async () => {});
    expect(screen.getByText('Created #one')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('two');
  });
});

describe('ui pieces', () => {
  it('DataTable: a header per column, a row per item, "Nothing found." when none', () => {
    const columns = [
      { key: 'name', header: 'Name', cell: (r: { id: number; name: string }) => r.name },
      { key: 'id', header: 'Number', cell: (r: { id: number; name: string }) => String(r.id) },
    ];
    const rerender = renderStill(
      <DataTable
        label="People"
        frameLabel="People (table)"
        rows={[{ id: 1, name: 'Sara' }]}
        columns={columns}
      />,
    );
    expect(screen.getByRole('region', { name: 'People (table)' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Number']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Sara1');
    rerender(<DataTable label="People" rows={[]} columns={columns} />);
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('Nothing found.');
  });

  it('TableFrame is a tab stop until measured not to scroll', () => {
    let measure: () => void = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          measure = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      renderWithProviders(
        <TableFrame label="Wide">
          <table />
        </TableFrame>,
      );
      const frame = screen.getByRole('region', { name: 'Wide' });
      expect(frame).toHaveAttribute('tabindex', '0');
      // jsdom lays nothing out: scrollWidth and clientWidth are both 0, so it does not scroll.
      act(() => measure());
      expect(frame).not.toHaveAttribute('tabindex');
      Object.defineProperty(frame, 'scrollWidth', { configurable: true, value: 900 });
      Object.defineProperty(frame, 'clientWidth', { configurable: true, value: 300 });
      act(() => measure());
      expect(frame).toHaveAttribute('tabindex', '0');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('CopyField copies its value and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithProviders(<CopyField id="secret" label="Secret" value="s3cret" copyLabel="Copy the secret" />);
    expect(screen.getByLabelText('Secret')).toHaveValue('s3cret');
    await user.click(screen.getByRole('button', { name: 'Copy the secret' }));
    expect(writeText).toHaveBeenCalledWith('s3cret');
    expect(await screen.findByText('Copied')).toBeVisible();
  });

  it('ConfirmTarget: confirms on its target; closing forgets the target and the failed try', async () => {
    const reset = vi.fn();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <ConfirmTarget
        target={{ id: 4 }}
        onClose={onClose}
        action={{ isPending: false, error: new ApiError(403, { code: 'forbidden' }), reset }}
        onConfirm={onConfirm}
        title="Delete it?"
        description="It goes."
        confirmLabel="Delete"
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete it?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your role does not allow this.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledWith({ id: 4 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(reset).toHaveBeenCalled();
  });
});
