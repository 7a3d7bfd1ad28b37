// Copies a key or code to the clipboard; "Copied" (or why not) is said in a live region beside the
// button, and fades after a few seconds. The text stays selectable for a copy by hand.
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';

const STATUS_MS = 4000;

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (status === 'idle') return undefined;
    const timer = setTimeout(() => setStatus('idle'), STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };
  return (
    <span className="copy">
      <button type="button" className="button button-secondary button-small" aria-label={label} onClick={copy}>
        {t('playtests.copy')}
      </button>
      <span role="status" className={status === 'failed' ? 'copy-status copy-status-failed' : 'copy-status'}>
        {status === 'copied' ? t('playtests.copied') : status === 'failed' ? t('playtests.copyFailed') : ''}
      </span>
    </span>
  );
}
