import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { sessionStore } from '../api/session';
import type { OperatorRole } from '@wallet/contract/core';

/** Renders a part of the console as a signed-in operator of `role` sees it. */
export function renderAs(role: OperatorRole, ui: ReactElement, path = '/') {
  sessionStore.start({ token: 'test-token-of-the-operator', username: `${role}-operator`, role });
  return render(
    <AntdApp>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </AntdApp>,
  );
}

interface Answer {
  status?: number;
  envelope: { code: number; mess: string; data: unknown };
}

/** The server, for the calls a test makes: each path answers an envelope, or a promise of one (a call still on its way). */
export function serve(answers: Record<string, Answer | (() => Promise<Answer>)>) {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit) => {
    calls.push({ path, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const planned = answers[path];
    if (!planned) throw new Error(`no answer planned for ${path}`);
    const { status = 200, envelope } = typeof planned === 'function' ? await planned() : planned;
    return new Response(JSON.stringify(envelope), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

export const ok = (data: unknown): Answer => ({ envelope: { code: 200, mess: 'OK', data } });
