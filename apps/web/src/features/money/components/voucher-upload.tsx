import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useAttachVoucher } from '../api/money-mutations';
import type { RechargeRecord } from '../api/money-queries';
import { useImageFileInput } from '../../../components/image-file-input';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';

/** An optional picture of the payment (a receipt, a screenshot), which helps the operator find it. */
export function VoucherUpload({ record }: { record: RechargeRecord }) {
  const { t } = useTranslation();
  const attachVoucher = useAttachVoucher(record.orderNo);

  const attach = useGuardedAction(async (file: File) => {
    await attachVoucher.mutateAsync(file);
    showToast(t('money.recharge.voucherSaved'));
  });

  const picker = useImageFileInput(attach.run, 'voucher-file');

  return (
    <section className="app-money-card" aria-labelledby="voucher-title" data-testid="voucher">
      <h2 id="voucher-title" className="app-money-card-title">
        {t('money.recharge.voucher')}
      </h2>
      <p className="app-money-card-hint">{t('money.recharge.voucherHint')}</p>
      {record.voucher && <img className="app-voucher-image" src={record.voucher} alt={t('money.recharge.voucher')} data-testid="voucher-image" />}
      <Button
        size="small"
        color="primary"
        fill="outline"
        loading={attach.pending}
        disabled={attach.pending}
        onClick={picker.open}
        data-testid="voucher-pick"
      >
        {t(record.voucher ? 'money.recharge.voucherReplace' : 'money.recharge.voucherUpload')}
      </Button>
      {picker.input}
    </section>
  );
}
