import type { FastifyReply } from 'fastify';
import type { Envelope } from '@wallet/contract';

export function sendEnvelope<T>(reply: FastifyReply, code: number, mess: string, data: T): FastifyReply {
  const body: Envelope<T> = { code, mess, data };
  return reply.code(code).type('application/json; charset=utf-8').send(body);
}

