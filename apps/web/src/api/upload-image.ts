import { CALLS } from '@wallet/contract/core';
import i18n from 'i18next';
import { ApiError, type ClientReason } from './api-error';
import { callApiMultipart, reportFailure, type CallOptions } from './client';

/** What the server accepts (PRODUCT §7); checked here too so a wrong file never travels. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type ImageProblem = Extract<ClientReason, 'IMAGE_TYPE' | 'IMAGE_TOO_LARGE'>;

export function imageProblem(file: Pick<File, 'type' | 'size'>): ImageProblem | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'IMAGE_TYPE';
  if (file.size > MAX_IMAGE_BYTES) return 'IMAGE_TOO_LARGE';
  return undefined;
}

/** Uploads one image and answers its URL; failures are toasted like any call's unless quiet. */
export async function uploadImage(file: File, options: CallOptions = {}): Promise<string> {
  const problem = imageProblem(file);
  if (problem) {
    const error = new ApiError(0, problem, i18n.t(`upload.${problem}`));
    reportFailure(error, options);
    throw error;
  }
  const { url } = await callApiMultipart(CALLS.uploadImage, { file }, options);
  return url;
}
