import { useTranslation } from 'react-i18next';

const FEATURES = ['home.featureLink', 'home.featureProgress', 'home.featureFriends', 'home.featurePlaytests'] as const;

export function HomePage() {
  const { t } = useTranslation();
  return (
    <section className="home" aria-labelledby="home-title">
      <div className="home-hero">
        <p className="eyebrow">{t('home.eyebrow')}</p>
        <h1 id="home-title">{t('home.title')}</h1>
        <p className="lead">{t('home.blurb')}</p>
        <p className="notice" role="status">
          {t('home.comingSoon')}
        </p>
      </div>
      <ul className="features">
        {FEATURES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </section>
  );
}
