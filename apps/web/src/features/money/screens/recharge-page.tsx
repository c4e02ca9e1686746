import { useSearchParams } from 'react-router';
import { RECHARGE_ORDER_PARAM } from '../model/money-paths';
import '../../account/account.css';
import '../money.css';
import { RechargeConfirmation } from '../components/recharge-confirmation';
import { RechargeForm } from '../components/recharge-form';

/** The form, or, once a recharge exists, what to pay and where (`?order=`), so a refresh or a record brings it back. */
export function RechargePage() {
  const [params] = useSearchParams();
  const orderNo = params.get(RECHARGE_ORDER_PARAM);
  return orderNo ? <RechargeConfirmation key={orderNo} orderNo={orderNo} /> : <RechargeForm />;
}
