import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CALLS, type Language } from '@wallet/contract/core';
import { userInfoQuery } from './account-queries';
import { QUIET, callMutation } from '../../../api/call-mutation';
import { callApi } from '../../../api/client';
import { endSession, startSession } from '../../../api/session';
import { uploadImage } from '../../../api/upload-image';

export const useSendRegisterCode = () => useMutation(callMutation(CALLS.sendRegisterCode));
export const useSendResetCode = () => useMutation(callMutation(CALLS.sendResetCode));
export const useResetPassword = () => useMutation(callMutation(CALLS.forgetPassword));
/** The server ends the account's other sessions; this one goes on. */
export const useChangePassword = () => useMutation(callMutation(CALLS.changePassword));
export const useChangePayPassword = () => useMutation(callMutation(CALLS.changePayPassword));

export function useSignIn() {
  return useMutation({ ...callMutation(CALLS.signIn), onSuccess: ({ token }) => startSession(token) });
}

export function useRegister() {
  return useMutation({ ...callMutation(CALLS.register), onSuccess: ({ token }) => startSession(token) });
}

/** Ends the session here even when the server cannot be reached: the token expires there on its own. */
export function useLogOut() {
  return useMutation({
    mutationFn: () => callApi(CALLS.logOut, {}, QUIET).then(
      () => undefined,
      () => undefined,
    ),
    onSettled: endSession,
  });
}

export type ProfileChange = { lang: Language } | { avatar: File };

/** Saves the language or a new avatar (uploaded first); a failure is toasted. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ProfileChange) =>
      callApi(CALLS.updateUser, 'avatar' in change ? { avatar: await uploadImage(change.avatar) } : change),
    onSuccess: (profile) => queryClient.setQueryData(userInfoQuery.queryKey, profile),
  });
}

export const useSendContactCode = () => useMutation(callMutation(CALLS.sendContactCode));

/** The profile answered carries the new contact, masked. */
export function useBindContact() {
  const queryClient = useQueryClient();
  return useMutation({ ...callMutation(CALLS.bindContact), onSuccess: (profile) => queryClient.setQueryData(userInfoQuery.queryKey, profile) });
}
