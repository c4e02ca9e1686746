import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRecordTime } from '../../../components/list/record-time';
import { useAmountFormat } from '../../../components/use-currency';
import { PATHS } from '../../../navigation/paths';
import { protectionRefusalOf, refusalSentence } from '../model/protection-refusal';

/**
 * A call refused by the player's own limit or break: the server's words, what
 * the limit still takes or until when the break runs, and the way to the page
 * that sets them. Nothing for any other failure.
 */
export function ProtectionRefusalNote({ error, testId }: { error: unknown; testId: string }) {
  const { t, i18n } = useTranslation();
  const amount = useAmountFormat();
  const refusal = protectionRefusalOf(error);
  if (!refusal) return null;
  const sentence = refusalSentence(refusal, t, { amount, time: (time) => formatRecordTime(time, i18n.language) });
  return (
    <div className="app-money-note app-money-note-danger" role="alert" data-testid={testId}>
      <p>{refusal.mess}</p>
      {sentence && <p data-testid="refusal-detail">{sentence}</p>}
      <Link to={PATHS.protection} data-testid="refusal-link">
        {t('pages.protection')}
      </Link>
    </div>
  );
}
