import { useRef } from 'react';
import { IMAGE_TYPES } from '../api/upload-image';

/**
 * A hidden file input for one image and the way to open it: render `input`,
 * call `open` from a button. The input is cleared after each pick, so
 * picking the same file again still counts.
 */
export function useImageFileInput(onPick: (file: File) => void, testId?: string) {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      accept={IMAGE_TYPES.join(',')}
      hidden
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onPick(file);
      }}
      data-testid={testId}
    />
  );
  return { open: () => ref.current?.click(), input };
}
