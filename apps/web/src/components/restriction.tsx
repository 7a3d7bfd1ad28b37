// What a restricted player reads (issue 30), on the restricted page and on a game's sign-in (OAuth,
// device): the reason in their language, the moments in their format, the operator's note as it was
// written (free text, in whatever language and direction it came in), and the way to support.
import { BAN_REASONS, BLOCK_REASONS } from '@portal/contract/data/moderation';
import type { BanReason, BlockReason, RestrictionNotice } from '@portal/contract/data/moderation';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/dates.ts';
import { useTranslation } from '../lib/i18n/messages.ts';
import type { MessageKey } from '../lib/i18n/messages.ts';
import { useServices } from '../lib/services.tsx';
import './restriction.css';

type Reason = BanReason | BlockReason;
const REASONS: readonly string[] = [...BAN_REASONS, ...BLOCK_REASONS];
const isReason = (code: string): code is Reason => REASONS.includes(code);

/** The message of a reason code; null for a code this version does not know (it is then left out). */
export function reasonKey(code: string | null): `restriction.reason.${Reason}` | null {
  return code !== null && isReason(code) ? `restriction.reason.${code}` : null;
}

/** Whether a ban with an end has ended by `now`. */
export function hasEnded(notice: RestrictionNotice, now: Date): boolean {
  return notice.ends_at !== null && Date.parse(notice.ends_at) <= now.getTime();
}

/** A moment of a notice in the UI language. */
export function useMoment(): (moment: string | Date) => string {
  const { i18n } = useTranslation();
  return (moment) => formatDateTime(new Date(moment), i18n.language);
}

/** The reason and since when, as a short list of facts. */
export function RestrictionFacts({ notice, withReason = true }: { notice: RestrictionNotice; withReason?: boolean }) {
  const { t } = useTranslation();
  const moment = useMoment();
  const reason = withReason ? reasonKey(notice.reason) : null;
  return (
    <dl className="restriction-facts">
      {reason ? (
        <div>
          <dt>{t('restriction.reasonLabel')}</dt>
          <dd>{t(reason)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('restriction.sinceLabel')}</dt>
        <dd>{moment(notice.starts_at)}</dd>
      </div>
    </dl>
  );
}

/** The operator's note, shown as written; nothing when there is none. */
export function RestrictionNote({ note }: { note: string | null }) {
  const { t } = useTranslation();
  if (note === null || note.trim() === '') return null;
  return (
    <figure className="restriction-note">
      <figcaption>{t('restriction.noteLabel')}</figcaption>
      <blockquote dir="auto">{note}</blockquote>
    </figure>
  );
}

/** A titled part of the page: how to appeal, where to find help. */
export function RestrictionHelp({
  title,
  body,
  children,
}: {
  title: MessageKey;
  body: MessageKey;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="restriction-help" aria-labelledby="restriction-help-title">
      <h2 id="restriction-help-title">{t(title)}</h2>
      <p>{t(body)}</p>
      <div className="actions">
        <SupportLink />
        {children}
      </div>
    </section>
  );
}

/** "Contact support": the support address of the runtime config, when there is one. */
export function SupportLink() {
  const { t } = useTranslation();
  const support = useServices().config.links.support;
  if (!support) return null;
  return (
    <a className="button" href={support} target="_blank" rel="noopener noreferrer">
      {t('restriction.contactSupport')}
    </a>
  );
}

/**
 * A ban of one game, where its sign-in was refused (OAuth, device): "You can't play <game> until
 * <date>: <reason>", the note, that the portal account is not affected, and the way to support. A ban
 * that has ended by the time it is shown says so.
 */
export function GameRestriction({ notice, game, ended }: { notice: RestrictionNotice; game: string; ended: boolean }) {
  const { t } = useTranslation();
  const moment = useMoment();
  const reason = reasonKey(notice.reason);
  const values = { game, reason: reason ? t(reason) : '', date: notice.ends_at ? moment(notice.ends_at) : '' };
  if (ended) {
    return (
      <div className="notice" role="status">
        <p>{t('restriction.game.ended', values)}</p>
      </div>
    );
  }
  const message: MessageKey = notice.ends_at
    ? reason
      ? 'restriction.game.until'
      : 'restriction.game.untilNoReason'
    : reason
      ? 'restriction.game.permanent'
      : 'restriction.game.permanentNoReason';
  return (
    <>
      <div className="notice notice-error" role="alert">
        <p>{t(message, values)}</p>
      </div>
      <RestrictionNote note={notice.note} />
      <p className="lead-text">{t('restriction.game.rest')}</p>
      <p>
        {t('restriction.appeal.title')} {t('restriction.appeal.body')}
      </p>
    </>
  );
}
