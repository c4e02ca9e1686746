import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { QUIET } from '../../../api/call-mutation';
import type { BodyOf } from '../../../api/call-types';
import { callApi, callApiForFile } from '../../../api/client';
import { rechargeDetailQuery, refreshMoney, withdrawInfoQuery, type RechargeRecord, type WithdrawalRecord } from './money-queries';
import { createRequestIds, type RequestIds } from '../../../api/request-id';
import { uploadImage } from '../../../api/upload-image';

/** What the user asks for; the mutation adds the request id. */
export type RechargeFields = Omit<BodyOf<typeof CALLS.createRecharge>, 'requestId'>;
export type WithdrawalFields = Omit<BodyOf<typeof CALLS.createWithdrawal>, 'requestId'>;

/** Answers that change what the withdrawal form shows (the balance, the waiting count). */
const WITHDRAW_INFO_REASONS = new Set(['INSUFFICIENT_BALANCE', 'WITHDRAWAL_PENDING_LIMIT']);

/** A new recharge; a retry of the same one (no answer came) sends the same request id. */
export function createRechargeMutation(queryClient: QueryClient, ids: RequestIds): UseMutationOptions<RechargeRecord, Error, RechargeFields> {
  return {
    mutationFn: (fields) => callApi(CALLS.createRecharge, { ...fields, requestId: ids.idFor(JSON.stringify(fields)) }, QUIET),
    onSuccess: (record) => {
      queryClient.setQueryData(rechargeDetailQuery(record.orderNo).queryKey, record);
      void refreshMoney(queryClient);
    },
    onSettled: (_record, error) => ids.settle(error ?? undefined),
  };
}

/** A new withdrawal; a retry of the same one (no answer came) sends the same request id. */
export function createWithdrawalMutation(queryClient: QueryClient, ids: RequestIds): UseMutationOptions<WithdrawalRecord, Error, WithdrawalFields> {
  return {
    // The payment password is no part of what is asked: typing it again is still the same withdrawal.
    mutationFn: ({ payPassword, ...asked }) =>
      callApi(CALLS.createWithdrawal, { ...asked, payPassword, requestId: ids.idFor(JSON.stringify(asked)) }, QUIET),
    onSuccess: () => void refreshMoney(queryClient),
    onError: (error) => {
      if (error instanceof ApiError && WITHDRAW_INFO_REASONS.has(error.reason)) void queryClient.invalidateQueries({ queryKey: withdrawInfoQuery.queryKey });
    },
    onSettled: (_record, error) => ids.settle(error ?? undefined),
  };
}

export function useCreateRecharge() {
  const queryClient = useQueryClient();
  const [ids] = useState(() => createRequestIds());
  return useMutation(createRechargeMutation(queryClient, ids));
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  const [ids] = useState(() => createRequestIds());
  return useMutation(createWithdrawalMutation(queryClient, ids));
}

/** Uploads a payment picture and attaches it to the recharge; a failure is toasted. */
export function useAttachVoucher(orderNo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => callApi(CALLS.attachRechargeVoucher, { orderNo, voucher: await uploadImage(file) }),
    onSuccess: (record) => {
      queryClient.setQueryData(rechargeDetailQuery(orderNo).queryKey, record);
      void refreshMoney(queryClient);
    },
  });
}

/** The statement of some days as a CSV file; a refusal (too many days) is shown under the form's fields. */
export const useStatementExport = () => useMutation({ mutationFn: (days: BodyOf<typeof CALLS.exportStatement>) => callApiForFile(CALLS.exportStatement, days, QUIET) });
