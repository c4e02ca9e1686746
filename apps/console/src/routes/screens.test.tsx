import { describe, expect, it } from 'vitest';
import { PATHS } from '../navigation/paths';
import { SCREENS } from './screens';

describe('the screens registry', () => {
  it('routes every address of the console once, but sign-in, which stands outside the frame', () => {
    expect(SCREENS.map(({ key }) => key).sort()).toEqual(Object.keys(PATHS).filter((key) => key !== 'signIn').sort());
  });
});
