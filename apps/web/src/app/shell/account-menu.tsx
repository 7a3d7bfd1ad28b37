// The signed-in user's menu: a disclosure button with links to the dashboard and sign-out.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { useServices } from '../../lib/services.tsx';
import { href } from '../../lib/router/route-table.ts';
import { useDashboardSections } from './section-nav.tsx';

export function AccountMenu({ username }: { username: string }) {
  const { t } = useTranslation();
  const { logout } = useServices();
  // A link whose route needs a feature flag shows only with it (guard 4 would send the user away).
  const links = useDashboardSections();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className="account-menu" ref={root}>
      <button
        type="button"
        className="button button-small button-ghost"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {username || t('shell.menu.label')}
      </button>
      {open ? (
        <ul id={menuId} className="account-menu-list">
          {links.map(([id, key]) => (
            <li key={id}>
              <Link to={href(id)} onClick={() => setOpen(false)}>
                {t(key)}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="link-button" onClick={() => void logout()}>
              {t('shell.menu.signOut')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
