import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage, type Language } from '@wallet/contract';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language, from Accept-Language, else the server default. */
    lang: Language;
  }
}

export function registerRequestLanguage(app: FastifyInstance, defaultLanguage: Language): void {
  app.decorateRequest('lang', defaultLanguage);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.lang = languageFromAcceptLanguage(request.headers['accept-language']) ?? defaultLanguage;
  });
}
