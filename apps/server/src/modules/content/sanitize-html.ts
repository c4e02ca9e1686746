import { FilterXSS } from 'xss';

// Formatting only: no scripts, styles, frames or event handlers survive; links keep safe schemes.
const filter = new FilterXSS({
  whiteList: {
    h1: [], h2: [], h3: [], h4: [], p: [], br: [], hr: [], strong: [], b: [], em: [], i: [], u: [],
    ul: [], ol: [], li: [], blockquote: [], span: [], div: [], small: [],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    table: [], thead: [], tbody: [], tr: [], th: [], td: [],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object'],
});

export function sanitizeHtml(html: string): string {
  return filter.process(html);
}
