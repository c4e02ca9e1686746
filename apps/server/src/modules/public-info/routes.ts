import { getDownload, getKefu, getLang, versionUp } from '@wallet/contract';
import type { RegisterCall } from '../../http/calls.js';
import type { PublicInfoService } from './service.js';

export function publicInfoRoutes(register: RegisterCall, service: PublicInfoService): void {
  register(getLang, () => service.defaultLanguage());
  register(getKefu, () => service.customerService());
  register(getDownload, () => service.download());
  register(versionUp, (input) => service.checkVersion(input));
}
