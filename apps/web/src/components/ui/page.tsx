// The frame of a screen: its title (also the document title) and content.
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';

export function Page({ title, children, wide = false }: { title: string; children?: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} | ${t('app.productName')}`;
  }, [title, t]);
  return (
    <section className={wide ? 'page page-wide' : 'page'} aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Marks the part of a screen that later work fills in. */
export function NotYetAvailable() {
  const { t } = useTranslation();
  return (
    <div className="notice" role="note">
      <p className="notice-title">{t('screen.notYetAvailable.title')}</p>
      <p>{t('screen.notYetAvailable.body')}</p>
    </div>
  );
}
