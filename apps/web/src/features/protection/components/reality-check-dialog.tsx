import Dialog from 'antd-mobile/es/components/dialog';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../account';
import { RecordLine, RecordLines } from '../../../components/list/record-lines';
import { Money } from '../../../components/money-text';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { realityCheckFiguresQuery } from '../api/protection-queries';
import { formatDuration } from '../model/durations';
import { signedAmount } from '../model/protection-state';
import '../protection.css';

interface Props {
  elapsedMs: number;
  onContinue: () => void;
}

/** The reminder: how long this session has run, what was ordered and the net result since sign-in; go on, or log out. */
export default function RealityCheckDialog({ elapsedMs, onContinue }: Props) {
  const { t, i18n } = useTranslation();
  const { data: figures } = useQuery(realityCheckFiguresQuery);
  const signOut = useGuardedAction(useSignOut());
  const content = (
    <div data-testid="reality-check">
      <p className="app-reality-intro">{t('protection.reality.intro')}</p>
      <RecordLines>
        <RecordLine label={t('protection.reality.elapsed')}>
          <bdi data-testid="reality-elapsed">{formatDuration(elapsedMs, i18n.language)}</bdi>
        </RecordLine>
        <RecordLine label={t('protection.reality.ordered')}>{figures ? <Money value={figures.ordered} testId="reality-ordered" /> : '…'}</RecordLine>
        <RecordLine label={t('protection.reality.net')}>{figures ? <Money value={signedAmount(figures.net)} testId="reality-net" /> : '…'}</RecordLine>
      </RecordLines>
    </div>
  );
  return (
    <Dialog
      visible
      title={t('protection.reality.title')}
      content={content}
      actions={[
        { key: 'continue', text: t('protection.reality.continue'), bold: true },
        { key: 'signOut', text: t('settings.logout'), disabled: signOut.pending },
      ]}
      onAction={(action) => (action.key === 'continue' ? onContinue() : signOut.run())}
    />
  );
}
