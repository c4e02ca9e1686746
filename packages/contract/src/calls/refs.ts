import type { CallDefinition } from './define.js';
import type * as publicInfo from './public-info.js';

/**
 * A call's path, typed with its full definition but without its schemas, so
 * a client can make the call without loading the schema library.
 */
export interface CallRef<C extends CallDefinition> {
  readonly path: C['path'];
  /** Never set: carries the definition's type only. */
  readonly definition?: C;
}

function ref<C extends CallDefinition>(path: C['path']): CallRef<C> {
  return { path };
}

export const CALLS = {
  getLang: ref<typeof publicInfo.getLang>('/api/login/getlang'),
  getKefu: ref<typeof publicInfo.getKefu>('/api/login/getkefu'),
  getDownload: ref<typeof publicInfo.getDownload>('/api/login/getdownload'),
  versionUp: ref<typeof publicInfo.versionUp>('/api/login/versionUp'),
  regAgreement: ref<typeof publicInfo.regAgreement>('/api/login/reg_agreement'),
};
