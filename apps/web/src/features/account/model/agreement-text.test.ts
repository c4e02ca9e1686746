import { describe, expect, it } from 'vitest';
import { splitLinkedText } from './agreement-text';

describe('the agreement sentence', () => {
  it('finds the link in the middle, at the start or at the end', () => {
    expect(splitLinkedText('I have read and agree to the <link>registration agreement</link>')).toEqual({
      before: 'I have read and agree to the ',
      link: 'registration agreement',
      after: '',
    });
    expect(splitLinkedText('<link>登録規約</link>を読み、同意します')).toEqual({ before: '', link: '登録規約', after: 'を読み、同意します' });
    expect(splitLinkedText('Ich habe die <link>Nutzungsbedingungen</link> gelesen')).toEqual({
      before: 'Ich habe die ',
      link: 'Nutzungsbedingungen',
      after: ' gelesen',
    });
  });

  it('makes the whole text the link when it has no tags', () => {
    expect(splitLinkedText('Agreement')).toEqual({ before: '', link: 'Agreement', after: '' });
  });
});
