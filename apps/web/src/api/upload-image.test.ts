import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, imageProblem } from './upload-image';

describe('image check before upload', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])('accepts %s up to 5 MB', (type) => {
    expect(imageProblem({ type, size: MAX_IMAGE_BYTES })).toBeUndefined();
  });

  it('refuses other types, even small ones', () => {
    expect(imageProblem({ type: 'image/svg+xml', size: 100 })).toBe('IMAGE_TYPE');
    expect(imageProblem({ type: 'application/pdf', size: 100 })).toBe('IMAGE_TYPE');
    expect(imageProblem({ type: '', size: 100 })).toBe('IMAGE_TYPE');
  });

  it('refuses an image over 5 MB', () => {
    expect(imageProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe('IMAGE_TOO_LARGE');
  });
});
