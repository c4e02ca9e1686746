import type { CallBody, CallDefinition, CallResult } from '@wallet/contract';
import { isErrorData, type CallRef, type Envelope } from '@wallet/contract/core';
import i18n from 'i18next';
import { ApiError } from './api-error';
import { sessionStore } from './session';

/** Reasons that mean the token is dead: the operator signs in again. TOTP_* are 401 too, but belong to the sign-in form. */
const SESSION_ENDED = new Set(['SESSION_REQUIRED', 'SESSION_INVALID']);

let onSessionEnded: () => void = () => {};

/** The app says where an ended session leads; the client knows no routes. */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const token = sessionStore.get()?.token;
  return { 'accept-language': i18n.language || 'en', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra };
}

export async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('errors.network'));
  }
}

/** The envelope's error as an ApiError; an ended session is also signed out here. */
export async function failureOf(response: Response): Promise<ApiError> {
  let envelope: Envelope | undefined;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    return new ApiError(response.status, 'BAD_RESPONSE', i18n.t('errors.unexpected'));
  }
  const data = isErrorData(envelope.data) ? envelope.data : undefined;
  const error = new ApiError(envelope.code ?? response.status, data?.reason ?? 'BAD_RESPONSE', envelope.mess || i18n.t('errors.unexpected'), data?.fields);
  if (error.status === 401 && SESSION_ENDED.has(error.reason) && sessionStore.get()) {
    sessionStore.end();
    onSessionEnded();
  }
  return error;
}

async function unwrap<T>(response: Response): Promise<T> {
  if (!response.ok) throw await failureOf(response);
  try {
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.code === 200) return envelope.data;
  } catch {
    // handled below
  }
  throw new ApiError(response.status, 'BAD_RESPONSE', i18n.t('errors.unexpected'));
}

/** One console call: JSON in, the envelope's data out, its `mess` in the error otherwise. */
export async function operatorCall<C extends CallDefinition>(call: CallRef<C>, body: CallBody<C>): Promise<CallResult<C>> {
  const response = await send(call.path, { method: 'POST', headers: headers({ 'content-type': 'application/json' }), body: JSON.stringify(body) });
  return unwrap<CallResult<C>>(response);
}

/** A multipart call with one file, e.g. an image upload. */
export async function operatorUpload<C extends CallDefinition>(call: CallRef<C>, file: Blob): Promise<CallResult<C>> {
  const form = new FormData();
  form.append('file', file);
  const response = await send(call.path, { method: 'POST', headers: headers(), body: form });
  return unwrap<CallResult<C>>(response);
}

/** A GET with the bearer token whose answer is a file, e.g. a CSV export. */
export async function operatorDownload(path: string): Promise<Blob> {
  const response = await send(path, { method: 'GET', headers: headers() });
  if (!response.ok) throw await failureOf(response);
  return response.blob();
}
