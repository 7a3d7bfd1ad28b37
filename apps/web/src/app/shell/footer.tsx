import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { BUILD_VERSION } from '@portal/contract/data/constants';
import { useServices } from '../../lib/services.tsx';
import { href } from '../../lib/router/route-table.ts';

export function Footer() {
  const { t } = useTranslation();
  const { config } = useServices();
  const links = [
    [config.links.privacyPolicy, 'footer.privacyPolicy'],
    [config.links.termsOfUse, 'footer.termsOfUse'],
    [config.links.adChoices, 'footer.adChoices'],
    [config.links.doNotSell, 'footer.doNotSell'],
    [config.links.support, 'footer.support'],
  ] as const;
  return (
    <footer className="shell-footer">
      <nav aria-label={t('footer.label')}>
        <ul className="footer-links">
          <li>
            <Link to={href('faq')}>{t('footer.faq')}</Link>
          </li>
          {links.map(([href, key]) =>
            href ? (
              <li key={key}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {t(key)}
                </a>
              </li>
            ) : null,
          )}
        </ul>
      </nav>
      <p className="footer-version">{t('footer.version', { version: BUILD_VERSION })}</p>
    </footer>
  );
}
