import { useQuery } from '@tanstack/react-query';
import { withdrawInfoQuery } from '../api/money-queries';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadFailed } from '../../../components/load-failed';
import '../../account/account.css';
import '../money.css';
import { WithdrawForm } from '../components/withdraw-form';

export function WithdrawPage() {
  const { data: info, error, refetch } = useQuery(withdrawInfoQuery);
  if (!info) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;
  return <WithdrawForm info={info} />;
}
