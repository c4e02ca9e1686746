import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { agreementQuery } from '../api/account-queries';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { RichText } from '../../../components/rich-text';

interface Props {
  onClose: () => void;
  onAgree: () => void;
}

/** The registration agreement, in the app's language, with a button that ticks the box. */
export default function AgreementPopup({ onClose, onAgree }: Props) {
  const { t, i18n } = useTranslation();
  const { data, isError, refetch } = useQuery(agreementQuery(i18n.language));

  let body = <DelayedSpinner />;
  if (data) body = <RichText html={data.content} />;
  else if (isError)
    body = (
      <EmptyState title={t('register.agreementFailed')}>
        <Button color="primary" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="app-sheet app-agreement" data-testid="agreement-popup">
      <h2 className="app-popup-title">{data?.title ? <bdi>{data.title}</bdi> : t('register.agreement')}</h2>
      <div className="app-agreement-body">{body}</div>
      <div className="app-sheet-footer">
        <Button block color="primary" onClick={onAgree} disabled={!data} data-testid="agreement-accept">
          {t('register.agreeButton')}
        </Button>
      </div>
    </Popup>
  );
}
