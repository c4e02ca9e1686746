import { describe, expect, it } from 'vitest';
import { splitFieldErrors } from './call-error';

describe('server field messages in a form', () => {
  it('puts each message under its field and the rest aside', () => {
    const split = splitFieldErrors({ username: 'taken', captchaId: 'expired' }, ['username', 'password']);
    expect(split).toEqual({ underFields: [['username', 'taken']], elsewhere: ['expired'] });
  });

  it('maps call field names to the form field that holds them', () => {
    const split = splitFieldErrors({ target: 'not an e-mail' }, ['contact'], { target: 'contact' });
    expect(split).toEqual({ underFields: [['contact', 'not an e-mail']], elsewhere: [] });
  });

  it('has nothing to show for an error without fields', () => {
    expect(splitFieldErrors({}, ['username'])).toEqual({ underFields: [], elsewhere: [] });
  });
});
