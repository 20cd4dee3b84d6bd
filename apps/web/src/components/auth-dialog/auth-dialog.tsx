import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { useAuthDialog } from '../../app/auth-dialog-context.tsx';
import { type AuthTab } from '../../app/auth-pages.ts';
import { page } from '../../lib/page.ts';
import { returnFocusTo } from '../../lib/return-focus.ts';
import { useDirection } from '../../lib/use-language.ts';
import { DialogFrame } from '../dialog-frame.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/** The login/register dialog (docs/product.md, Screens): two tabs; focus trapped, Escape closes. */
export function AuthDialog() {
  const { t } = useTranslation();
  const dir = useDirection();
  const { open, setOpen, tab, setTab, opener } = useAuthDialog();
  const [registeredPhone, setRegisteredPhone] = useState('');
  // Signed in (by password, by a code, or by a new account's code): close, then reload as the spec says.
  const onLoggedIn = () => {
    setOpen(false);
    page.reload();
  };

  const tabClass =
    'flex-1 border-b-2 px-4 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-sky-800 data-[state=active]:text-sky-900 border-transparent';

  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      title={t('dialog.title')}
      description={t('dialog.description')}
      closeLabel={t('dialog.close')}
      width="w-[min(28rem,calc(100vw-1.5rem))]"
      padding="p-6"
      onCloseAutoFocus={returnFocusTo(opener)}
    >
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
          <LoginForm key={registeredPhone} initialPhone={registeredPhone} onLoggedIn={onLoggedIn} />
        </Tabs.Content>
        <Tabs.Content value="register">
          <RegisterForm
            onRegistered={(phone) => {
              setRegisteredPhone(phone);
              setTab('login');
            }}
            onLoggedIn={onLoggedIn}
          />
        </Tabs.Content>
      </Tabs.Root>
    </DialogFrame>
  );
}
