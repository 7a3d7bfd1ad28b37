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
