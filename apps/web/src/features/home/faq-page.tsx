import { useTranslation } from '../../lib/i18n/messages.ts';
import { Page } from '../../components/ui/page.tsx';

/** Cross-play and cross-progression (spec 000 §1). */
const QUESTIONS = ['crossplay', 'platforms', 'replaced', 'progress'] as const;

export function FaqPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('faq.title')}>
      <p className="lead-text">{t('faq.intro')}</p>
      <div className="faq">
        {QUESTIONS.map((q) => (
          <details key={q} className="faq-item" open={q === 'crossplay'}>
            <summary>{t(`faq.${q}.question`)}</summary>
            <p>{t(`faq.${q}.answer`)}</p>
          </details>
        ))}
      </div>
    </Page>
  );
}
