// Error messages in every supported locale: English from english.ts, the other locales from
// messages/<tag>.json, loaded on demand so a web page fetches only its own language.
export type MessageTable = Record<string, string>;

const loaders: Record<string, () => Promise<{ default: MessageTable }>> = {
  'es-MX': () => import('./messages/es-MX.json', { with: { type: 'json' } }),
  'pt-BR': () => import('./messages/pt-BR.json', { with: { type: 'json' } }),
  'fr-FR': () => import('./messages/fr-FR.json', { with: { type: 'json' } }),
  'de-DE': () => import('./messages/de-DE.json', { with: { type: 'json' } }),
  'it-IT': () => import('./messages/it-IT.json', { with: { type: 'json' } }),
  'es-ES': () => import('./messages/es-ES.json', { with: { type: 'json' } }),
  'pl-PL': () => import('./messages/pl-PL.json', { with: { type: 'json' } }),
  'ru-RU': () => import('./messages/ru-RU.json', { with: { type: 'json' } }),
  'da-DK': () => import('./messages/da-DK.json', { with: { type: 'json' } }),
  'tr-TR': () => import('./messages/tr-TR.json', { with: { type: 'json' } }),
  'sv-SE': () => import('./messages/sv-SE.json', { with: { type: 'json' } }),
  'no-NO': () => import('./messages/no-NO.json', { with: { type: 'json' } }),
  'fi-FI': () => import('./messages/fi-FI.json', { with: { type: 'json' } }),
  'ja-JP': () => import('./messages/ja-JP.json', { with: { type: 'json' } }),
  'zh-TW': () => import('./messages/zh-TW.json', { with: { type: 'json' } }),
  'zh-CN': () => import('./messages/zh-CN.json', { with: { type: 'json' } }),
  'ko-KR': () => import('./messages/ko-KR.json', { with: { type: 'json' } }),
  'ar-AE': () => import('./messages/ar-AE.json', { with: { type: 'json' } }),
};

/**
 * The error messages of a locale over the English ones (English alone for en-US and for locales
 * without a table). Loaded on demand, so the web app fetches them after its first render.
 */
export async function loadErrorMessages(locale: string): Promise<MessageTable> {
  const { englishErrorMessages } = await import('./english.ts');
  const load = loaders[locale];
  if (!load) return englishErrorMessages();
  return { ...englishErrorMessages(), ...(await load()).default };
}
