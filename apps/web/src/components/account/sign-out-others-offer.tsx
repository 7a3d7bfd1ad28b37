// The offer to sign out the other devices after a change of what protects the account (ASVS 7.4.3,
// issues 31): two-factor turned on or off, new backup codes, a passkey removed (/security), the email
// address changed (/account), a platform linked or unlinked (/linked-accounts). Shown only when some
// other device is signed in; says how many it signed out.
import { endOtherSignIns, listSignIns } from '@portal/contract/calls/signed-in-devices';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONNECTED_GAMES_KEY, RECENT_ACTIVITY_KEY, SIGN_INS_KEY } from '../../lib/auth/security-queries.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { FormError } from '../ui/form-error.tsx';

/** Reads the lists and the recent activity again after a change. */
export function useReadSecurityAgain() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [SIGN_INS_KEY, CONNECTED_GAMES_KEY, RECENT_ACTIVITY_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSignIns() {
  const { api } = useServices();
  return useQuery({
    queryKey: SIGN_INS_KEY,
    queryFn: async ({ signal }) => (await api.call(listSignIns, {}, { signal })).items,
    staleTime: 0,
  });
}

/** Signs out every other device, then tells how many in the page's notice. */
export function useEndOthers(onNotice: (message: string) => void) {
  const { t } = useTranslation();
  const { api } = useServices();
  const readAgain = useReadSecurityAgain();
  return async () => {
    const { ended } = await api.call(endOtherSignIns);
    onNotice(t('security.devices.signedOutOthers', { count: String(ended) }));
    await readAgain();
  };
}

/**
 * After two-factor was turned on or off on this page (ASVS 7.4.3), the offer to sign out the other
 * devices, when there are some; `onDone` hides it.
 */
export function SignOutOthersOffer({ onNotice, onDone }: { onNotice: (message: string) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const signIns = useSignIns();
  const endOthers = useEndOthers(onNotice);
  const submit = useSubmit(async () => {
    await endOthers();
    onDone();
  });
  const others = signIns.data?.filter((row) => !row.current).length ?? 0;
  if (others === 0) return null;
  return (
    <div className="notice" role="status">
      <p>{t('security.devices.offerAfterChange', { count: String(others) })}</p>
      <FormError error={submit.error} />
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          disabled={submit.pending}
          onClick={() => void submit.run()}
        >
          {t('security.devices.signOutOthers')}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          {t('security.devices.keepOthers')}
        </button>
      </div>
    </div>
  );
}
