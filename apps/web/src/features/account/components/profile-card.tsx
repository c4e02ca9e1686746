import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userInfoQuery } from '../api/account-queries';
import { copyAndTell } from '../../../components/copy-text';
import { BalanceGlance } from '../../content';
import '../../../styles/profile.css';
import { AvatarButton } from './avatar-button';
import { inviteLink } from '../model/invite-link';

/** The signed-in account: picture, name, invitation code with copy and share, and the money at a glance. */
export function ProfileCard() {
  const { t } = useTranslation();
  const { data: profile, isError, refetch } = useQuery(userInfoQuery);

  if (isError && !profile)
    return (
      <section className="app-profile" data-testid="profile">
        <p className="app-profile-problem">{t('mine.loadFailed')}</p>
        <Button size="small" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </section>
    );

  return (
    <section className="app-profile app-profile-with-money" data-testid="profile" aria-busy={!profile}>
      <AvatarButton avatar={profile?.avatar ?? null} />
      <div className="app-profile-text">
        <h2 className="app-profile-name" data-testid="profile-username">
          {profile?.username ?? '\u00a0'}
        </h2>
        {profile && (
          <p className="app-profile-invite">
            {t('mine.inviteCode')}{' '}
            <bdi className="app-profile-code" data-testid="invite-code">
              {profile.inviteCode}
            </bdi>
            <button type="button" className="app-chip" onClick={() => void copyAndTell(profile.inviteCode)} data-testid="copy-invite-code">
              {t('common.copy')}
            </button>
          </p>
        )}
        {profile && (
          <button
            type="button"
            className="app-chip app-profile-share"
            onClick={() => void copyAndTell(inviteLink(profile.inviteCode, window.location))}
            data-testid="copy-invite-link"
          >
            {t('mine.shareLink')}
          </button>
        )}
      </div>
      <BalanceGlance layout="row" />
    </section>
  );
}
