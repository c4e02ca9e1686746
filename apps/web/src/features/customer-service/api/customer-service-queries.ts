import { queryOptions } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { callApi } from '../../../api/client';

export const customerServiceQuery = queryOptions({
  queryKey: ['public', 'getkefu'],
  queryFn: () => callApi(CALLS.getKefu, {}, { quiet: true }),
  staleTime: 5 * 60_000,
});
