import { describe, expect, it } from 'vitest';
import { inviteLink } from './invite-link';

describe('invitation link', () => {
  it('opens the registration page with the code, wherever the app is served', () => {
    expect(inviteLink('ABCD2345', { origin: 'https://wallet.example', pathname: '/' })).toBe('https://wallet.example/#/pages/login/reg?code=ABCD2345');
    expect(inviteLink('ABCD2345', { origin: 'http://10.0.0.5:8080', pathname: '/app/index.html' })).toBe(
      'http://10.0.0.5:8080/app/index.html#/pages/login/reg?code=ABCD2345',
    );
  });
});
