import { useQuery } from '@tanstack/react-query';
import { captchaQuery } from '../api/account-queries';

/** The captcha a form shows. A captcha answers once: call `refresh` after every attempt that used it. */
export function useCaptcha(scope: string, enabled = true) {
  const query = useQuery({ ...captchaQuery(scope), enabled });
  return {
    id: query.data?.captchaId,
    image: query.data?.image,
    loading: query.isFetching,
    failed: query.isError,
    refresh: () => void query.refetch(),
  };
}

export type Captcha = ReturnType<typeof useCaptcha>;
