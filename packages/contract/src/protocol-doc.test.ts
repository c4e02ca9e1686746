import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeSign } from './signing.js';

const doc = fs.readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');

/** Reads `name = value` from the worked example. */
function exampleValue(name: string): string {
  const match = new RegExp(`^${name}\\s*=\\s*(\\S+)\\s*$`, 'm').exec(doc);
  if (!match?.[1]) throw new Error(`docs/protocol.md has no "${name} = ..." line`);
  return match[1];
}

describe('docs/protocol.md worked example', () => {
  const appid = exampleValue('appid');
  const times = Number(exampleValue('times'));
  const ranstr = exampleValue('ranstr');
  const key = exampleValue('key');

  it('shows the inner md5 that node computes for appid + times + ranstr', () => {
    const inner = createHash('md5').update(`${appid}${times}${ranstr}`).digest('hex');
    expect(doc).toContain(`md5(...)                = ${inner}`);
  });

  it('shows the sign the contract computes, in the formula and in the example body', () => {
    const sign = computeSign(appid, times, ranstr, key);
    expect(doc).toContain(`     = ${sign}`);
    const body = JSON.parse(/```json\n([\s\S]*?)```/.exec(doc)![1]!) as Record<string, unknown>;
    expect(body).toEqual({ token: 'none', appid, secret: 'k1', times, ranstr, sign });
  });
});
