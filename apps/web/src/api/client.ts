import type { CallBody, CallDefinition, CallResult } from '@wallet/contract';
import { isErrorData, signFields, type CallRef, type Envelope } from '@wallet/contract/core';
import i18n from 'i18next';
import { showToast } from '../components/toast';
import { ApiError } from './api-error';
import { readAppConfig } from './app-config';
import { languageStore, tokenStore } from './storage';

export const REQUEST_TIMEOUT_MS = 60_000;

let signing: ReturnType<typeof readAppConfig> | undefined;
let onUnauthorized: () => void = () => {};

/** The router registers how to reach the login page; the client stays free of routing. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export interface CallOptions {
  /** Do not toast the error: the caller shows it (e.g. under form fields). */
  quiet?: boolean;
}

function randomValues(bytes: Uint8Array): Uint8Array {
  return crypto.getRandomValues(bytes);
}

async function send(path: string, body: unknown): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    // Relative to the page, so the app works from any folder (base './').
    return await fetch(path.slice(1), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': languageStore.get() ?? i18n.language,
      },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    const timedOut = controller.signal.aborted;
    throw new ApiError(0, timedOut ? 'TIMEOUT' : 'NETWORK', i18n.t(timedOut ? 'errors.timeout' : 'errors.network'), {}, { cause: error });
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

/** One signed call: fresh ranstr and times, the stored token or `none`, the envelope unwrapped. */
export async function callApi<C extends CallDefinition>(
  call: CallRef<C>,
  body: CallBody<C>,
  options: CallOptions = {},
): Promise<CallResult<C>> {
  signing ??= readAppConfig();
  try {
    const signed = signFields(signing, tokenStore.get(), Date.now(), randomValues);
    const response = await send(call.path, { ...signed, ...(body as object) });
    const envelope = await readEnvelope(response);
    if (envelope.code === 200 && response.ok) return envelope.data as CallResult<C>;

    const data = isErrorData(envelope.data) ? envelope.data : undefined;
    const error = new ApiError(envelope.code, data?.reason ?? 'BAD_RESPONSE', envelope.mess, data?.fields);
    if (envelope.code === 401) {
      tokenStore.clear();
      onUnauthorized();
    }
    throw error;
  } catch (error) {
    if (!options.quiet && error instanceof ApiError && error.status !== 401) showToast(error.mess);
    throw error;
  }
}
