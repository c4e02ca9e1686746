import { Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The payment proof the user attached: a thumbnail that opens full size. */
export function VoucherImage({ url }: { url: string | null }) {
  const { t } = useTranslation();
  if (!url) return <Typography.Text type="secondary">{t('recharges.noVoucher')}</Typography.Text>;
  return <Image src={url} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('recharges.voucher')} />;
}
