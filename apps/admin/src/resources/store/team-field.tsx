import type { TeamMemberInput, TranslatedText } from '@storefront/contracts/catalogue';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TranslatedField, type FieldProps } from '../../components/fields.tsx';
import { ImageField } from '../../components/image-field.tsx';
import { Button, Section } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { moved } from '../../lib/lists.ts';

const emptyText = (): TranslatedText => ({ fa: '' });

/**
 * The about-us page's team, in the storefront's order: add, remove, move earlier or later (buttons:
 * the focus follows the member moved), each member's name, role and description in Persian and
 * English side by side, and a photo (upload) with its alt text.
 */
export function TeamField({ value, onChange }: FieldProps<TeamMemberInput[]>) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  /**
   * After a move, a removal or an add: what to focus once the list is drawn again (`new`: the added
   * member's name). A ref, not state: the change itself redraws the list, and the effect after that
   * drawing moves the focus once.
   */
  const focus = useRef<string | null>(null);
  const setFocus = (target: string) => {
    focus.current = target;
  };
  useEffect(() => {
    if (focus.current === null) return;
    const target =
      focus.current === 'new'
        ? list.current?.lastElementChild?.querySelector<HTMLElement>('input, textarea')
        : (document.getElementById(focus.current) as HTMLButtonElement | null);
    focus.current = null;
    if (target && !(target as HTMLButtonElement).disabled) target.focus();
  });

  const control = (index: number, which: 'up' | 'down') => `${id}-member-${index}-${which}`;
  const set = (index: number, member: TeamMemberInput) =>
    onChange(value.map((m, i) => (i === index ? member : m)));
  const move = (from: number, to: number) => {
    const next = moved(value, from, to);
    if (!next) return;
    onChange(next);
    // Keep the focus on the same button of the member that moved; at an end, on the other one.
    const which = to < from ? 'up' : 'down';
    const atEnd = which === 'up' ? to === 0 : to === value.length - 1;
    setFocus(control(to, atEnd ? (which === 'up' ? 'down' : 'up') : which));
  };

  return (
    <Section title={t('team.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('team.hint')}</p>
      {value.length === 0 ? <p className="mb-3 text-slate-700">{t('team.empty')}</p> : null}
      <ol ref={list} className="space-y-4">
        {value.map((member, index) => {
          const n = format.number(index + 1);
          const path = `team.${index}`;
          const photo = member.photo;
          return (
            <li key={index} className="rounded border border-slate-300 bg-slate-50 p-3">
              <fieldset>
                <legend className="mb-2 text-base font-bold">
                  {member.name.fa || member.name.en
                    ? t('team.memberNamed', { n, name: member.name.fa || member.name.en })
                    : t('team.member', { n })}
                </legend>
                <div className="mb-3 flex flex-wrap gap-2">
                  <Button
                    id={control(index, 'up')}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <span aria-hidden="true">↑</span> {t('team.moveUp', { n })}
                  </Button>
                  <Button
                    id={control(index, 'down')}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <span aria-hidden="true">↓</span> {t('team.moveDown', { n })}
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => {
                      onChange(value.filter((_, i) => i !== index));
                      setFocus(`${id}-add`);
                    }}
                  >
                    {t('team.remove', { n })}
                  </Button>
                </div>
                {(['name', 'role', 'description'] as const).map((part) => (
                  <TranslatedField
                    key={part}
                    label={t(`team.${part}`, { n })}
                    value={member[part]}
                    onChange={(v) => set(index, { ...member, [part]: v })}
                    path={`${path}.${part}`}
                    required={part === 'name'}
                    multiline={part === 'description'}
                  />
                ))}
                <ImageField
                  label={t('team.photo', { n })}
                  value={photo?.src}
                  onChange={(ref) => {
                    const { photo: _old, ...rest } = member;
                    set(index, ref ? { ...rest, photo: { ...photo, src: ref } } : rest);
                  }}
                  path={`${path}.photo.src`}
                />
                {photo ? (
                  <TranslatedField
                    label={t('team.photoAlt', { n })}
                    value={photo.alt}
                    onChange={(alt) => set(index, { ...member, photo: { ...photo, alt } })}
                    path={`${path}.photo.alt`}
                  />
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        id={`${id}-add`}
        className="mt-3"
        onClick={() => {
          onChange([...value, { name: emptyText(), role: emptyText(), description: emptyText() }]);
          setFocus('new');
        }}
      >
        {t('team.add')}
      </Button>
    </Section>
  );
}
