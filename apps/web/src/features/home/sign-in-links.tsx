import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { href } from '../../lib/router/route-table.ts';

/** The two ways in for a visitor: sign in, or create an account. */
export function SignInLinks({ secondaryClass = 'button-secondary' }: { secondaryClass?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Link className="button" to={href('sign-in')}>
        {t('home.signIn')}
      </Link>
      <Link className={`button ${secondaryClass}`} to={href('sign-up')}>
        {t('home.createAccount')}
      </Link>
    </>
  );
}
