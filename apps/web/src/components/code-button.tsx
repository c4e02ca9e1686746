import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { codeButtonState } from './countdown';
import { useCountdown } from './use-countdown';
import { useGuardedAction } from './use-guarded-action';

interface Props {
  /**
   * Sends the code and answers the seconds to wait before the next one, or
   * undefined when nothing was sent (the form showed what is missing).
   */
  onSend: () => Promise<number | undefined>;
  testId?: string;
}

/** The verification-code button: "get code", then a 60-second "retry in X s", then "retry again". */
export function CodeButton({ onSend, testId }: Props) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const [sentOnce, setSentOnce] = useState(false);

  const send = useGuardedAction(async () => {
    try {
      const wait = await onSend();
      if (wait === undefined) return;
      setSentOnce(true);
      countdown.start(wait);
    } catch (error) {
      // Asked again too soon (e.g. after leaving and reopening the page): count down what the server says.
      if (error instanceof ApiError && error.retryAfterSeconds) {
        setSentOnce(true);
        countdown.start(error.retryAfterSeconds);
      }
      throw error;
    }
  });

  const state = codeButtonState(sentOnce, countdown.secondsLeft);
  const label =
    state.kind === 'counting' ? t('code.retryIn', { seconds: state.seconds }) : t(state.kind === 'again' ? 'code.retryAgain' : 'code.get');

  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      className="app-code-button"
      disabled={state.kind === 'counting' || send.pending}
      loading={send.pending}
      onClick={() => send.run()}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
