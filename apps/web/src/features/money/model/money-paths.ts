import { PATHS } from '../../../navigation/paths';

/** The search parameter that names the recharge whose payment details the recharge page shows. */
export const RECHARGE_ORDER_PARAM = 'order';

/** The recharge page showing one recharge's payment details instead of the form. */
export const rechargeConfirmationPath = (orderNo: string) => `${PATHS.recharge}?${RECHARGE_ORDER_PARAM}=${encodeURIComponent(orderNo)}`;
