import type { CallBody, CallDefinition, CallResult } from '@wallet/contract';
import { INITIAL_STORED_LANGUAGE, isErrorData, signFields, type CallRef, type Envelope, type SignedFields } from '@wallet/contract/core';
import i18n from 'i18next';
import { ApiError } from './api-error';
import { readAppConfig } from './app-config';
import { endSession } from './session';
import { languageStore, tokenStore } from './storage';

export const REQUEST_TIMEOUT_MS = 60_000;

let signing: ReturnType<typeof readAppConfig> | undefined;
/** Why the session ended: it is over (401), or the account was frozen while signed in. */
export type SessionEnd = 'SESSION_INVALID' | 'ACCOUNT_FROZEN';

let onUnauthorized: (why: SessionEnd) => void = () => {};
let onFailure: (message: string) => void = () => {};

/** The app registers how to reach the login page; the client stays free of routing. */
export function setUnauthorizedHandler(handler: (why: SessionEnd) => void): void {
  onUnauthorized = handler;
}

/** The app registers how to show a failure (a toast); the client stays free of UI. */
export function setFailureHandler(handler: (message: string) => void): void {
  onFailure = handler;
}

export interface CallOptions {
  /** Do not toast the error: the caller shows it (e.g. under form fields). */
  quiet?: boolean;
}

/** A frozen account cannot act: the login page's notice says so, with the way to customer service, instead of a toast per call. */
const isFrozen = (error: ApiError) => error.reason === 'ACCOUNT_FROZEN';

/** Shows a failure as every call's failure is shown, unless the caller shows it; a 401 or a freeze shows as the login page. */
export function reportFailure(error: ApiError, options: CallOptions): void {
  if (!options.quiet && error.status !== 401 && !isFrozen(error)) onFailure(error.mess);
}

function randomValues(bytes: Uint8Array): Uint8Array {
  return crypto.getRandomValues(bytes);
}

/** Fresh ranstr and times, the stored token or `none`. */
function signedFields(): SignedFields {
  signing ??= readAppConfig();
  return signFields(signing, tokenStore.get(), Date.now(), randomValues);
}

async function post(path: string, body: BodyInit, contentType?: string): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  // Before the texts are set up (the first visit asks the server's default language first) there is no current language.
  const headers: Record<string, string> = { 'accept-language': languageStore.get() ?? i18n.language ?? INITIAL_STORED_LANGUAGE };
  // A multipart body sets its own content type, boundary included.
  if (contentType) headers['content-type'] = contentType;
  try {
    // Relative to the page, so the app works from any folder (base './').
    return await fetch(path.slice(1), { method: 'POST', headers, body, signal: controller.signal });
  } catch (error) {
    const timedOut = controller.signal.aborted;
    throw new ApiError(0, timedOut ? 'TIMEOUT' : 'NETWORK', i18n.t(timedOut ? 'errors.timeout' : 'errors.network'), {}, {}, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

async function readEnvelope(response: Response): Promise<Envelope> {
  try {
    const envelope = (await response.json()) as Envelope;
    if (typeof envelope?.code === 'number') return envelope;
  } catch {
    // handled below
  }
  throw new ApiError(response.status, 'BAD_RESPONSE', i18n.t('errors.unexpected'));
}

async function unwrap<T>(response: Response): Promise<T> {
  const envelope = await readEnvelope(response);
  if (envelope.code === 200 && response.ok) return envelope.data as T;

  const data = isErrorData(envelope.data) ? envelope.data : undefined;
  const error = new ApiError(envelope.code, data?.reason ?? 'BAD_RESPONSE', envelope.mess, data?.fields, { ...data });
  if (envelope.code === 401 || isFrozen(error)) {
    endSession();
    onUnauthorized(isFrozen(error) ? 'ACCOUNT_FROZEN' : 'SESSION_INVALID');
  }
  throw error;
}

/** The file a download call answers; a refusal is an envelope, read and thrown as every call's. */
async function fileOrRefusal(response: Response): Promise<Blob> {
  if (response.ok && response.headers.get('content-type')?.startsWith('text/csv')) return response.blob();
  await unwrap(response);
  throw new ApiError(response.status, 'BAD_RESPONSE', i18n.t('errors.unexpected'));
}

/** Sends, reads the answer (the envelope unwrapped, unless told otherwise), and toasts a failure unless the caller shows it. */
async function settle<T>(send: () => Promise<Response>, options: CallOptions, read: (response: Response) => Promise<T> = unwrap): Promise<T> {
  try {
    return await read(await send());
  } catch (error) {
    if (error instanceof ApiError) reportFailure(error, options);
    throw error;
  }
}

function postSigned(path: string, body: unknown): Promise<Response> {
  return post(path, JSON.stringify({ ...signedFields(), ...(body as object) }), 'application/json');
}

/** One signed JSON call. */
export function callApi<C extends CallDefinition>(
  call: CallRef<C>,
  body: CallBody<C>,
  options: CallOptions = {},
): Promise<CallResult<C>> {
  return settle(() => postSigned(call.path, body), options);
}

/** One signed JSON call that answers a file (a CSV download). */
export function callApiForFile<C extends CallDefinition>(call: CallRef<C>, body: CallBody<C>, options: CallOptions = {}): Promise<Blob> {
  return settle(() => postSigned(call.path, body), options, fileOrRefusal);
}

/** One signed multipart call: the signed fields as form fields, then the files. */
export function callApiMultipart<C extends CallDefinition>(
  call: CallRef<C>,
  files: Record<string, Blob>,
  options: CallOptions = {},
): Promise<CallResult<C>> {
  return settle(() => {
    const form = new FormData();
    for (const [name, value] of Object.entries(signedFields())) form.append(name, String(value));
    for (const [name, file] of Object.entries(files)) form.append(name, file);
    return post(call.path, form);
  }, options);
}
