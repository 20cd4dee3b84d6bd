import type { StaffRole } from '@storefront/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton, useCreated } from '../../components/form.tsx';
import { CopyField, SaveStatus, Section, SelectField, TextField } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { useInviteStaff, type CreatedInvite } from './api.ts';
import { RoleOptions } from './role-options.tsx';

/** Invites a new member by address and role; the link to hand over is shown once. */
export function InviteForm() {
  const { t } = useTranslation();
  const f = useFormat();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [created, onCreated] = useCreated<CreatedInvite>(() => setEmail(''));
  const invite = useInviteStaff();
  return (
    <Section title={t('staff.invite')}>
      <Form
        className="flex flex-wrap items-end gap-3"
        save={invite}
        onSubmit={() => invite.mutate({ email, role }, { onSuccess: onCreated })}
      >
        <TextField
          label={t('signIn.email')}
          type="email"
          dir="ltr"
          value={email}
          onChange={setEmail}
          path="email"
          required
        />
        <SelectField
          label={t('staff.role')}
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
          path="role"
        >
          <RoleOptions />
        </SelectField>
        <SubmitButton>{t('staff.sendInvite')}</SubmitButton>
      </Form>
      <SaveStatus message={created ? t('staff.inviteCreated', { date: f.date(created.expires_at) }) : null} />
      {created ? <CopyField id="invite-link" label={t('staff.inviteLink')} value={created.link} /> : null}
    </Section>
  );
}
