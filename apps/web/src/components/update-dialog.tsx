import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  force: boolean;
  latest: { version: string; notes: string; url: string };
}

function update(url: string): void {
  if (url) window.location.assign(url);
  else window.location.reload();
}

/** Offers the newer version; a forced update cannot be dismissed. */
export default function UpdateDialog({ force, latest }: Props) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  const actions = [{ key: 'update', text: t('update.now'), bold: true, onClick: () => update(latest.url) }];
  if (!force) actions.push({ key: 'later', text: t('update.later'), bold: false, onClick: () => setDismissed(true) });

  return (
    <Dialog
      visible={!dismissed}
      title={t('update.title')}
      content={
        <div className="app-update" data-testid="update-dialog">
          <p>{t('update.version', { version: latest.version })}</p>
          {force && <p className="app-update-forced">{t('update.forced')}</p>}
          {latest.notes && (
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
