// The messages of the game flow pages (OAuth and device): the flow messages and the error
// catalogue's, there before the first render (an error step shows a catalogue message at once) and
// again after a language change, when the page shows itself anew with them.
import { loadErrorMessages } from '@portal/contract/errors/messages';
import { useEffect, useState } from 'react';
import { loadFlowMessages } from '../lib/i18n/locale.ts';
import { addMessages, currentLanguage, useTranslation } from '../lib/i18n/messages.ts';
import type { LocaleTag } from '@portal/contract/data/locales';

async function loadErrorTable(tag: LocaleTag): Promise<void> {
  addMessages(tag, await loadErrorMessages(tag).catch(() => ({})));
}

/** Before a game flow page shows. */
export async function loadGameFlowMessages(): Promise<void> {
  await Promise.all([loadFlowMessages(), loadErrorTable(currentLanguage())]);
}

/** Renders the page again once the error messages of a newly chosen language are there. */
export function useErrorMessagesOfLanguage(): void {
  const { i18n } = useTranslation();
  const [, setShown] = useState(i18n.language);
  useEffect(() => {
    let live = true;
    void loadErrorTable(i18n.language).then(() => live && setShown(i18n.language));
    return () => {
      live = false;
    };
  }, [i18n.language]);
}
