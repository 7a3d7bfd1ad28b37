import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { useEffect } from 'react';
import { isLoggedIn } from '../../lib/auth/session-store.ts';
import { useSession } from '../../lib/services.tsx';
import { FeaturedGames } from './featured-games.tsx';
import { SignInLinks } from './sign-in-links.tsx';
import { href } from '../../lib/router/route-table.ts';

const FEATURES = ['home.featureLink', 'home.featureProgress', 'home.featureFriends', 'home.featurePlaytests'] as const;

export function HomePage() {
  const { t } = useTranslation();
  const signedIn = isLoggedIn(useSession());
  useEffect(() => {
    document.title = t('app.productName');
  }, [t]);
  return (
    <section className="home" aria-labelledby="page-title">
      <div className="home-hero">
        <p className="eyebrow">{t('home.eyebrow')}</p>
        <h1 id="page-title">{t('home.title')}</h1>
        <p className="lead">{t('home.blurb')}</p>
        <div className="actions">
          {signedIn ? (
            <Link className="button" to={href('account')}>
              {t('home.accountSettings')}
            </Link>
          ) : (
            <SignInLinks secondaryClass="button-on-dark" />
          )}
        </div>
      </div>
      <ul className="features">
        {FEATURES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <FeaturedGames />
      <p className="faq-link">
        {t('home.faqPrompt')} <Link to={href('faq')}>{t('home.faqLink')}</Link>
      </p>
    </section>
  );
}
