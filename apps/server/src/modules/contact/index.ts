import type { ModuleManifest, Platform } from '../manifest.js';
import { createContactBinding, type ContactBindingDependencies } from './contact-binding.js';
import { contactRoutes } from './routes.js';

/** A signed-in user binds or changes the e-mail or mobile a forgotten password is reset through. */
export function contactModule({ db, messages, log }: Platform, deps: Omit<ContactBindingDependencies, 'db' | 'messages' | 'log'>): ModuleManifest {
  const binding = createContactBinding({ db, messages, log, ...deps });
  return { services: {}, routes: (call) => contactRoutes(call, binding) };
}
