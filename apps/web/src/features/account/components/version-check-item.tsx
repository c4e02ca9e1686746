import List from 'antd-mobile/es/components/list';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkVersionNow, runningRelease } from '../../../api/public-info';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';

const UpdateDialog = lazy(() => import('../../../components/update-dialog'));

type Offer = Parameters<typeof UpdateDialog>[0] & { checkedAt: number };

/** "Version 1.0.0": tapping asks the server now, then says "up to date" or offers the update. */
export function VersionCheckItem() {
  const { t } = useTranslation();
  const [offer, setOffer] = useState<Offer>();

  const check = useGuardedAction(async () => {
    const answer = await checkVersionNow();
    if (answer.updateAvailable) setOffer({ force: answer.force, latest: answer.latest, checkedAt: Date.now() });
    else showToast(t('settings.upToDate'));
  });

  return (
    <>
      <List.Item
        extra={check.pending ? t('settings.checking') : runningRelease().version}
        description={t('settings.checkUpdate')}
        onClick={() => check.run()}
        arrowIcon
        data-testid="version-check"
      >
        {t('settings.version')}
      </List.Item>
      {offer && (
        <Suspense fallback={null}>
          {/* A new check shows the dialog again even after "later". */}
          <UpdateDialog key={offer.checkedAt} force={offer.force} latest={offer.latest} />
        </Suspense>
      )}
    </>
  );
}
