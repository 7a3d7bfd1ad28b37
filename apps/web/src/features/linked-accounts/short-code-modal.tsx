// Connecting a short-code platform (Wizarding World, Apple Vendor ID, Android App Set ID; spec 001 §9
// `{short_code}`): the other service shows the player a code, which the player types here. The link
// opens the platform's page that shows one (through the server, which knows where it is).
import type { Account } from '@portal/contract/calls/entities';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { useState } from 'react';
import { TextField } from '../../components/ui/field.tsx';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';

const SHORT_CODE = /^[A-Za-z0-9_-]{4,128}$/;

function randomState(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function ShortCodeModal({
  platform,
  link,
  onClose,
  onDone,
}: {
  platform: PlatformId;
  link: (shortCode: string) => Promise<Account>;
  onClose: () => void;
  onDone: (account: Account) => void;
}) {
  const { t } = useTranslation();
  const name = PLATFORM_CATALOGUE[platform].name;
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [state] = useState(randomState);
  const submit = useSubmit(async () => {
    const typed = code.trim();
    setProblem(SHORT_CODE.test(typed) ? null : t('linkedAccounts.codeInvalid', { platform: name }));
    if (!SHORT_CODE.test(typed)) return;
    onDone(await link(typed));
    onClose();
  });
  return (
    <ModalForm
      title={t('linkedAccounts.codeTitle', { platform: name })}
      submit={submit}
      submitLabel={t('linkedAccounts.connect')}
      onClose={onClose}
    >
      <p>{t('linkedAccounts.codeBody', { platform: name })}</p>
      <p>
        <a href={`/platforms/${platform}/authorize?state=${state}`} target="_blank" rel="noopener noreferrer">
          {t('linkedAccounts.codeGet', { platform: name })}
        </a>
      </p>
      <TextField
        label={t('linkedAccounts.codeLabel', { platform: name })}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={problem}
      />
    </ModalForm>
  );
}
