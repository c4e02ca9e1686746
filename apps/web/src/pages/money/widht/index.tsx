import { useQuery } from '@tanstack/react-query';
import { withdrawInfoQuery } from '../../../api/money-queries';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadFailed } from '../../../components/load-failed';
import '../../../styles/account.css';
import '../../../styles/money.css';
import { WithdrawForm } from './withdraw-form';

export default function WidhtPage() {
  const { data: info, error, refetch } = useQuery(withdrawInfoQuery);
  if (!info) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;
  return <WithdrawForm info={info} />;
}
