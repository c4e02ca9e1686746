import { describe, expect, it } from 'vitest';
import { optionFaces } from './option-faces';

describe('the faces drawn on an option', () => {
  it('show what the option needs on the dice', () => {
    expect(optionFaces('triple-4')).toEqual([4, 4, 4]);
    expect(optionFaces('pair-3')).toEqual([3, 3]);
    expect(optionFaces('two-2-5')).toEqual([2, 5]);
    expect(optionFaces('three-1-2-3')).toEqual([1, 2, 3]);
  });

  it('are none for sums, the basic options, any triple and the straight', () => {
    for (const code of ['sum-9', 'big', 'odd', 'any-triple', 'straight']) expect(optionFaces(code)).toBeUndefined();
  });
});
