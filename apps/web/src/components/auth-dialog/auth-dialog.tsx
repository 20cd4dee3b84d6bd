import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthDialog, type AuthTab } from '../../app/auth-dialog-context.tsx';
import { page } from '../../lib/page.ts';
import { returnFocusTo } from '../../lib/return-focus.ts';
import { useDirection } from '../../lib/use-language.ts';
import { CloseIcon } from '../icons.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/** The login/register dialog (spec section 2): two tabs; focus trapped, Escape closes. */
export function AuthDialog() {
  const { t } = useTranslation();
  const dir = useDirection();
  const { open, setOpen, tab, setTab, opener } = useAuthDialog();
  const [registeredPhone, setRegisteredPhone] = useState('');

  const tabClass =
    'flex-1 border-b-2 px-4 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-sky-800 data-[state=active]:text-sky-900 border-transparent';

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          dir={dir}
          onCloseAutoFocus={returnFocusTo(opener)}
          className="fixed inset-0 z-50 m-auto h-fit max-h-[95vh] w-[min(28rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-slate-900">{t('dialog.title')}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                {t('dialog.description')}
              </Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100">
              <CloseIcon />
              <span className="sr-only">{t('dialog.close')}</span>
            </Dialog.Close>
          </div>
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AuthTab)} dir={dir}>
            <Tabs.List className="mb-5 flex" aria-label={t('dialog.title')}>
              <Tabs.Trigger value="login" className={tabClass}>
                {t('dialog.loginTab')}
              </Tabs.Trigger>
              <Tabs.Trigger value="register" className={tabClass}>
                {t('dialog.registerTab')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="login">
              <LoginForm
                key={registeredPhone}
                initialPhone={registeredPhone}
                onLoggedIn={() => {
                  setOpen(false);
                  page.reload();
                }}
              />
            </Tabs.Content>
            <Tabs.Content value="register">
              <RegisterForm
                onRegistered={(phone) => {
                  setRegisteredPhone(phone);
                  setTab('login');
                }}
              />
            </Tabs.Content>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
