import { z } from 'zod';
import { defineCall } from './define.js';

export const operatorUploadImage = defineCall({
  path: '/admin/api/upload/image',
  access: 'operator',
  summary:
    'multipart/form-data with one image `file` (JPEG, PNG, GIF or WebP, checked by its bytes, at most 5 MB): a cover or a picture for content. Answers the URL to use.',
  success: 'UPLOADED',
  multipart: true,
  body: z.strictObject({}),
  result: z.object({ url: z.string() }),
});
