// A screen whose title is final and whose working parts arrive with a later feature.
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { NotYetAvailable, Page } from './page.tsx';

export function FeatureScreen({ titleKey }: { titleKey: MessageKey }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)}>
      <NotYetAvailable />
    </Page>
  );
}
