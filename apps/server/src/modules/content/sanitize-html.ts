import { FilterXSS } from 'xss';
import { isShownImageUrl } from '@wallet/contract';

/**
 * The allow-list for operators' HTML (docs/decisions.md, "Content"): formatting,
 * lists, tables, links and images. No scripts, styles, frames, forms, SVG or
 * event handlers survive, and no `style` or `class` attribute. Links lead only
 * to http(s), mailto, tel or a page of the app (`#/...`); those leaving the app
 * open in a new tab without access to ours. Images come only from our uploads
 * or over https from the hosts of CONTENT_IMAGE_HOSTS, which the pages'
 * policy lets the browser load: an image kept here is one the page shows.
 */
const ALLOWED_TAGS: Record<string, string[]> = {
  h1: [], h2: [], h3: [], h4: [], p: [], br: [], hr: [], strong: [], b: [], em: [], i: [], u: [], s: [],
  ul: [], ol: [], li: [], blockquote: [], span: [], div: [], small: [], sub: [], sup: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  table: [], thead: [], tbody: [], tr: [], th: [], td: [],
};

/** Dropped with everything inside them, not only their tags. */
const DROPPED_WITH_BODY = ['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'noscript', 'textarea', 'select', 'title', 'xmp', 'noembed', 'noframes'];

// Written as they must appear, entities and all: `&#106;avascript:` matches none. No quote or angle bracket fits, so none needs escaping.
const APP_LINK = /^#\/[A-Za-z0-9_/?=&%.-]*$/;
const OTHER_SAFE_LINK = /^(https?:\/\/|mailto:|tel:)[^\s"'<>\\`]+$/i;

function linkAttributes(href: string): string {
  if (APP_LINK.test(href)) return `href="${href}"`;
  if (!OTHER_SAFE_LINK.test(href)) return '';
  return `href="${href}" target="_blank" rel="noopener noreferrer nofollow"`;
}

/** Where the library is in its output when it meets a tag it does not keep. */
interface TagInfo {
  position?: number;
  isClosing?: boolean;
}

/**
 * The library's own stripping of tag bodies leaves "[removed]" in the text
 * when a dropped element is not closed (or starts the text), so the bodies
 * are cut here: from a dropped element's start to its closing tag, or to the
 * end when it never closes, as a browser would swallow the rest.
 */
function bodyStripper() {
  const cuts: [number, number][] = [];
  let open: { tag: string; at: number } | null = null;
  return {
    onIgnoreTag(tag: string, _html: string, info: TagInfo): string {
      const at = info.position ?? 0;
      if (DROPPED_WITH_BODY.includes(tag)) {
        if (!info.isClosing) open ??= { tag, at };
        else if (open?.tag === tag) {
          cuts.push([open.at, at]);
          open = null;
        }
      }
      return '';
    },
    cut(html: string): string {
      if (open) cuts.push([open.at, html.length]);
      let kept = '';
      let from = 0;
      for (const [start, end] of cuts) {
        kept += html.slice(from, start);
        from = end;
      }
      return kept + html.slice(from);
    },
  };
}

function attributeFilter(imageHosts: readonly string[], refusedImages: string[]) {
  return (tag: string, name: string, value: string, isWhiteAttr: boolean): string | undefined => {
    if (!isWhiteAttr) return '';
    // Only the named imports Node's ESM loader finds in this CommonJS package are used (not safeAttrValue or
    // escapeAttrValue): the patterns below admit no quote, angle bracket or backtick, so nothing needs escaping.
    if (tag === 'a' && name === 'href') return linkAttributes(value.trim());
    if (tag === 'img' && name === 'src') {
      const src = value.trim();
      if (isShownImageUrl(src, imageHosts) && !src.includes('`')) return `src="${src}"`;
      refusedImages.push(src);
      return '';
    }
    return undefined;
  };
}

/** An image whose source was refused is dropped whole rather than left empty. */
const IMAGE_WITHOUT_SOURCE = /<img(?![^>]*\ssrc=")[^>]*>/g;

/** The HTML as it may be served, and the sources of the images it dropped. */
export function cleanHtml(html: string, imageHosts: readonly string[]): { html: string; refusedImages: string[] } {
  const bodies = bodyStripper();
  const refusedImages: string[] = [];
  const filter = new FilterXSS({ whiteList: ALLOWED_TAGS, allowCommentTag: false, css: false, onIgnoreTag: bodies.onIgnoreTag, onTagAttr: attributeFilter(imageHosts, refusedImages) });
  return { html: bodies.cut(filter.process(html)).replace(IMAGE_WITHOUT_SOURCE, ''), refusedImages };
}

export const sanitizeHtml = (html: string, imageHosts: readonly string[]): string => cleanHtml(html, imageHosts).html;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The text of sanitised HTML without markup, spaces collapsed, cut at `max` characters. */
export function plainSummary(html: string, max = 120): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d{1,8}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (entity, name: string) => {
      if (!name.startsWith('#') || name === '#39') return ENTITIES[name.toLowerCase()] ?? entity;
      const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    })
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('').trimEnd()}…`;
}
