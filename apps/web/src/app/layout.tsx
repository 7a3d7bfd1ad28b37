import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILD_VERSION } from '@portal/contract/data/constants';
import { findLocale } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';

export function Layout({ children, locale }: { children: ReactNode; locale: LocaleTag; debug: boolean }) {
  const { t } = useTranslation();
  const language = findLocale(locale)?.nativeName ?? locale;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="shell-header">
        <a className="brand" href="/" aria-label={t('app.productName')}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t('app.brand')}</span>
        </a>
      </header>
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="shell-footer">
        <span>{t('footer.language', { language })}</span>
        <span>{t('footer.version', { version: BUILD_VERSION })}</span>
      </footer>
    </div>
  );
}
