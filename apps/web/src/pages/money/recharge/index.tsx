import { useSearchParams } from 'react-router';
import { RECHARGE_ORDER_PARAM } from '../../../components/money/money-paths';
import '../../../styles/account.css';
import '../../../styles/money.css';
import { RechargeConfirmation } from './recharge-confirmation';
import { RechargeForm } from './recharge-form';

/** The form, or, once a recharge exists, what to pay and where (`?order=`), so a refresh or a record brings it back. */
export default function RechargePage() {
  const [params] = useSearchParams();
  const orderNo = params.get(RECHARGE_ORDER_PARAM);
  return orderNo ? <RechargeConfirmation key={orderNo} orderNo={orderNo} /> : <RechargeForm />;
}
