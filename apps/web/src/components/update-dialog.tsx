import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberRunningRelease, type Release } from '../api/public-info';
import { reloadIntoNewBuild } from '../pwa/shell-worker';

interface Props {
  force: boolean;
  /** The operator's release, when it is what is offered; without it, a new build of the app waits. */
  latest?: Release & { notes: string; url: string };
}

/** From here on the app is that release, whichever way it is reached. */
async function update(latest: Props['latest']): Promise<void> {
  if (latest) rememberRunningRelease(latest);
  if (latest?.url) window.location.assign(latest.url);
  else await reloadIntoNewBuild();
}

/** Offers the newer version; a forced update cannot be dismissed. */
export default function UpdateDialog({ force, latest }: Props) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  const actions = [{ key: 'update', text: t('update.now'), bold: true, onClick: () => update(latest) }];
  if (!force) actions.push({ key: 'later', text: t('update.later'), bold: false, onClick: async () => setDismissed(true) });

  return (
    <Dialog
      visible={!dismissed}
      title={t('update.title')}
      content={
        <div className="app-update" data-testid="update-dialog">
          {latest ? <p>{t('update.version', { version: latest.version })}</p> : <p>{t('update.ready')}</p>}
          {force && <p className="app-update-forced">{t('update.forced')}</p>}
          {latest?.notes && (
            <p className="app-update-notes" dir="auto">
              {latest.notes}
            </p>
          )}
        </div>
      }
      closeOnMaskClick={!force}
      onClose={() => setDismissed(true)}
      actions={actions}
    />
  );
}
