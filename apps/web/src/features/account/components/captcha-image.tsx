import { useTranslation } from 'react-i18next';
import type { Captcha } from './use-captcha';

/** The captcha picture; tapping it shows another one. */
export function CaptchaImage({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="app-captcha"
      onClick={captcha.refresh}
      aria-label={t('auth.captchaRefresh')}
      title={t('auth.captchaRefresh')}
      data-testid="captcha-refresh"
    >
      {captcha.image && !captcha.failed ? (
        <img src={captcha.image} alt={t('auth.captchaImage')} data-testid="captcha-image" />
      ) : (
        <span className="app-captcha-placeholder">{t(captcha.failed ? 'auth.captchaRetry' : 'common.loading')}</span>
      )}
    </button>
  );
}
