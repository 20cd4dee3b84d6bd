import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuthDialog } from '../../app/auth-dialog-context.tsx';
import { authPageLocation, type AuthTab } from '../../app/auth-pages.ts';
import { BASENAME } from '../../app/basename.ts';

/**
 * A control that opens the login/register dialog on a tab. It is a link to the tab's own page
 * (/app/login, /app/register, with the way back), so a press before the page's script has run, or
 * without JavaScript, still leads to the forms; once hydrated a plain click (or Enter, or Space: it
 * acts as a button) opens the dialog instead, and a click that asks for a new tab or window still
 * follows the link. The header's controls and the sign-in page's buttons.
 */
export function AuthPageLink({
  tab,
  className,
  children,
}: {
  tab: AuthTab;
  className: string;
  children: ReactNode;
}) {
  const { openAuthDialog } = useAuthDialog();
  const location = useLocation();
  return (
    <Link
      to={authPageLocation(tab, location, BASENAME)}
      role="button"
      aria-haspopup="dialog"
      className={className}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openAuthDialog(tab);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLAnchorElement>) => {
        if (event.key !== ' ') return;
        event.preventDefault();
        openAuthDialog(tab);
      }}
    >
      {children}
    </Link>
  );
}
