import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainSummary, sanitizeHtml as sanitizeFor } from './sanitize-html.js';

/*
 * What operators write is served to every user's browser. Whatever goes in,
 * what comes out is read here the way a browser reads it: every `<` opens a
 * tag of the allow-list with attributes of the allow-list, and no URL in it
 * can run code.
 */

/** CONTENT_IMAGE_HOSTS of these tests. */
const IMAGE_HOSTS = ['cdn.example.com'];
const sanitizeHtml = (html: string) => sanitizeFor(html, IMAGE_HOSTS);

const FORMATTING = ['h1', 'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'span', 'div', 'small', 'sub', 'sup'];
const TABLES = ['table', 'thead', 'tbody', 'tr', 'th', 'td'];
const ALLOWED: Record<string, string[]> = {
  ...Object.fromEntries([...FORMATTING, ...TABLES].map((tag) => [tag, []])),
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
};

/** What a browser makes of an attribute value: entities decoded; the URL parser then ignores tabs, newlines and leading controls. */
function asBrowserReadsIt(value: string): string {
  const decoded = value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&(colon|tab|newline|quot|amp|lt|gt|apos);/gi, (_m, name: string) =>
      ({ colon: ':', tab: '\t', newline: '\n', quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" })[name.toLowerCase()]!,
    );
  // eslint-disable-next-line no-control-regex
  return decoded.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
}

const TAG = /^<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*(\/?)>/;
const ATTRIBUTE = /\s+([a-z-]+)(?:="([^"]*)")?/g;

interface Link {
  href: string;
  target?: string;
  rel?: string;
}

/** Reads sanitised output tag by tag; fails on anything a browser could run. Answers the links and image sources it found. */
function inspect(html: string): { links: Link[]; images: string[] } {
  const links: Link[] = [];
  const images: string[] = [];
  expect(html, 'a marker of the sanitiser left in the text').not.toMatch(/\[\/?removed\]/);
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const tag = TAG.exec(html.slice(at));
    expect(tag, `a "<" that is no tag of the allow-list at ${at}: ${html.slice(at, at + 60)}`).not.toBeNull();
    const [, closing, name, attributeText] = tag!;
    expect(Object.keys(ALLOWED), `<${name}> in ${html}`).toContain(name);
    if (closing) {
      expect(attributeText, `a closing tag with attributes: ${tag![0]}`).toBe('');
      continue;
    }
    const attributes = new Map<string, string>();
    for (const [, attribute, value] of attributeText!.matchAll(ATTRIBUTE)) {
      expect(ALLOWED[name!], `${attribute} on <${name}> in ${html}`).toContain(attribute);
      // As a browser does: the first of an attribute written twice counts; every one is checked.
      if (!attributes.has(attribute!)) attributes.set(attribute!, value ?? '');
      if (attribute === 'href' || attribute === 'src') {
        expect(asBrowserReadsIt(value ?? ''), `${attribute}="${value}"`).not.toMatch(/^(javascript|vbscript|data|livescript|mocha):/);
      }
    }
    if (name === 'a' && attributes.has('href')) links.push({ href: attributes.get('href')!, target: attributes.get('target'), rel: attributes.get('rel') });
    if (name === 'img') {
      expect(attributes.has('src'), `an image without a source: ${tag![0]}`).toBe(true);
      images.push(attributes.get('src')!);
    }
  }
  for (const link of links.filter((l) => !l.href.startsWith('#/'))) {
    expect(link.href).toMatch(/^(https?:\/\/|mailto:|tel:)/i);
    expect(link.target).toBe('_blank');
    expect(link.rel?.split(' ')).toContain('noopener');
  }
  for (const src of images) expect(src).toMatch(/^(\/uploads\/[A-Za-z0-9_-]+\.(png|jpe?g|gif|webp)|https:\/\/\S+)$/);
  return { links, images };
}

/** Besides the tag-by-tag reading: the plain patterns every XSS cheat sheet tries, looked for in the tags outside their quoted values. */
function expectNothingRunnable(html: string): void {
  inspect(html);
  expect(html).not.toMatch(/<\s*\/?\s*script/i);
  expect(html).not.toMatch(/<\s*\/?\s*style/i);
  const tagsWithoutValues = (html.match(/<[^>]*>/g) ?? []).map((tag) => tag.replace(/"[^"]*"/g, '""')).join(' ');
  expect(tagsWithoutValues).not.toMatch(/\son[a-z]+\s*=/i);
  expect(tagsWithoutValues).not.toMatch(/\sstyle\s*=/i);
  expect(html).not.toMatch(/<[^>]*\s(href|src|srcset|action|formaction|xlink:href|data|background|poster)\s*=\s*"?\s*(javascript|vbscript|data):/i);
}

const XSS_PAYLOADS: [string, string][] = [
  // script elements
  ['script', '<script>alert(1)</script>'],
  ['script in capitals', '<SCRIPT>alert(1)</SCRIPT>'],
  ['script in mixed case with a source', '<ScRiPt src="//evil.example/x.js"></sCrIpT>'],
  ['script with a newline before >', '<script\n>alert(1)</script\n>'],
  ['script with a slash instead of a space', '<script/x>alert(1)</script>'],
  ['script with a tab and attributes', '<script\ttype="text/javascript">alert(1)</script>'],
  ['script never closed', '<p>before</p><script>alert(1)'],
  ['script nested in its own name', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['script split by a second opening', '<<script>script>alert(1)<</script>/script>'],
  ['script after a broken attribute', '<img """><script>alert(1)</script>">'],
  ['script in a comment trick', '<!--><script>alert(1)</script>-->'],
  ['script in a conditional comment', '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->'],
  ['script in CDATA', '<![CDATA[<script>alert(1)</script>]]>'],
  ['script behind a noscript title', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['script inside xmp', '<xmp><script>alert(1)</script></xmp>'],
  ['script inside textarea', '<textarea><script>alert(1)</script></textarea>'],
  ['script inside template', '<template><script>alert(1)</script></template>'],
  // event handlers on every allowed tag
  ...[...FORMATTING, ...TABLES, 'a', 'img'].map((tag): [string, string] => [
    `onclick and onmouseover on <${tag}>`,
    `<${tag} onclick="alert(1)" ONMOUSEOVER='alert(2)' onfocus=alert(3) autofocus>x</${tag}>`,
  ]),
  ['an event handler after a slash', '<p/onclick=alert(1)>x</p>'],
  ['an event handler glued to a quoted value', '<img src="https://cdn.example.com/a.png"onerror=alert(1)>'],
  ['an event handler inside an attribute value', '<p title="x onmouseover=alert(1)">t</p>'],
  ['an event handler in an unclosed attribute', '<a href="https://example.com" title="x>y" onclick="alert(1)">x</a>'],
  ['an unclosed tag', '<a href="javascript:alert(1)" title="x>y"'],
  ['an unclosed attribute value', '<p title="unclosed>text</p><img src=x onerror=alert(1)>'],
  ['img with onerror', '<img src=x onerror=alert(1)>'],
  ['img with onerror and a good source', '<img src="/uploads/abc.png" onerror="alert(1)">'],
  ['img srcset', '<img src="/uploads/abc.png" srcset="javascript:alert(1) 2x, data:image/svg+xml,x 3x">'],
  ['body onload', '<body onload=alert(1)>'],
  ['details ontoggle', '<details open ontoggle=alert(1)>'],
  ['video source onerror', '<video><source onerror=alert(1)></video>'],
  ['input autofocus onfocus', '<input autofocus onfocus=alert(1)>'],
  // URLs that run code
  ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
  ['JavaScript: link in capitals', '<a href="JaVaScRiPt:alert(1)">x</a>'],
  ['javascript: link after spaces', '<a href="   javascript:alert(1)">x</a>'],
  ['javascript: link after a control character', '<a href="\u0001javascript:alert(1)">x</a>'],
  ['javascript: link with a NUL inside', '<a href="java\u0000script:alert(1)">x</a>'],
  ['javascript: link with a tab inside', '<a href="jav\tascript:alert(1)">x</a>'],
  ['javascript: link with a newline inside', '<a href="jav\nascript:alert(1)">x</a>'],
  ['javascript: link with an encoded tab', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ['javascript: link with an encoded newline', '<a href="jav&#10;ascript:alert(1)">x</a>'],
  ['javascript: link with a decimal entity', '<a href="&#106;avascript:alert(1)">x</a>'],
  ['javascript: link all in hex entities', '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>'],
  ['javascript: link in padded entities without semicolons', '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>'],
  ['javascript: link with a named colon', '<a href="javascript&colon;alert(1)">x</a>'],
  ['javascript: link without quotes', '<a href=javascript:alert(1)>x</a>'],
  ['javascript: link in single quotes', "<a href='javascript:alert(1)'>x</a>"],
  ['javascript: link in backticks', '<a href=`javascript:alert(1)`>x</a>'],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
  ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['data: link in capitals with spaces', '<a href=" DATA:text/html,<script>alert(1)</script>">x</a>'],
  ['data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ['javascript: image', '<img src="javascript:alert(1)">'],
  ['javascript: image with an entity', '<img src="&#106;avascript:alert(1)">'],
  ['an app link with a quote smuggled in', '<a href="#/pages/x&quot; onclick=&quot;alert(1)">x</a>'],
  ['a link with a quote smuggled in', '<a href="https://example.com/&quot;onmouseover=alert(1)">x</a>'],
  ['a link with a second, bad href', '<a href="https://example.com" href="javascript:alert(1)">x</a>'],
  // SVG and MathML
  ['svg onload', '<svg onload=alert(1)>'],
  ['svg with a script', '<svg><script>alert(1)</script></svg>'],
  ['svg with an animated href', '<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>X</text></a></svg>'],
  ['svg image onerror', '<svg><image href=x onerror=alert(1)></image></svg>'],
  ['svg foreignObject', '<svg><foreignObject><iframe srcdoc="<script>alert(1)</script>"></iframe></foreignObject></svg>'],
  ['math with a javascript: link', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ['math with a maction', '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>'],
  // styles
  ['a style attribute with expression()', '<p style="width: expression(alert(1))">x</p>'],
  ['a style attribute with url(javascript:)', '<p style="background:url(javascript:alert(1))">x</p>'],
  ['a style attribute with behavior', '<div style="behavior: url(x.htc)">x</div>'],
  ['a style element with expression()', '<style>p { width: expression(alert(1)) }</style><p>a</p>'],
  ['a style element with url(javascript:)', '<style>body { background: url("javascript:alert(1)") }</style>'],
  ['a style element with @import', '<STYLE>@import "javascript:alert(1)";</STYLE>'],
  ['a link to a style sheet', '<link rel=stylesheet href="javascript:alert(1)">'],
  // frames, objects, forms, meta, base
  ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>'],
  ['frameset', '<frameset><frame src="javascript:alert(1)"></frameset>'],
  ['object', '<object data="javascript:alert(1)"></object>'],
  ['object with a param', '<object><param name="src" value="javascript:alert(1)"></object>'],
  ['embed', '<embed src="javascript:alert(1)">'],
  ['form with an action', '<form action="javascript:alert(1)"><input type=submit></form>'],
  ['button with a formaction', '<button formaction="javascript:alert(1)">x</button>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//">'],
  ['isindex', '<isindex action=javascript:alert(1) type=image>'],
  ['applet', '<applet code="x.class"></applet>'],
];

describe('sanitizeHtml against known XSS payloads', () => {
  it.each(XSS_PAYLOADS)('%s: nothing runnable survives', (_name, payload) => {
    expectNothingRunnable(sanitizeHtml(payload));
  });

  it.each(XSS_PAYLOADS)('%s: sanitising what was sanitised changes nothing (it is cleaned on save and again when served)', (_name, payload) => {
    const once = sanitizeHtml(payload);
    expect(sanitizeHtml(once)).toBe(once);
  });

  it('drops a dropped element with everything inside it, and leaves no trace text', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg><p>after</p>')).toBe('<p>after</p>');
    expect(sanitizeHtml('<style>p{color:red}</style><p>styled</p>')).toBe('<p>styled</p>');
    expect(sanitizeHtml('<p>kept</p><svg onload=alert(1)><p>inside</p>')).toBe('<p>kept</p>');
    expect(sanitizeHtml('<p>kept</p><script>alert(1)')).toBe('<p>kept</p>');
  });

  it('keeps event handlers off every allowed tag while keeping the tag and its text', () => {
    for (const tag of [...FORMATTING, ...TABLES].filter((name) => name !== 'br' && name !== 'hr')) {
      const clean = sanitizeHtml(`<${tag} onclick="alert(1)" style="color:red" class="x" id="y">text</${tag}>`);
      expect(clean).toBe(`<${tag}>text</${tag}>`);
    }
    expect(sanitizeHtml('a<br onclick="alert(1)">b<hr style="x" onmouseover=alert(2)>c')).toBe('a<br>b<hr>c');
  });
});

describe('sanitizeHtml keeps what operators write', () => {
  it('keeps paragraphs, headings, emphasis, lists and tables as written', () => {
    const formatted =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> text.<br>Next line.</p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote>quoted</blockquote><hr>' +
      '<table><thead><tr><th>Day</th><th>Bonus</th></tr></thead><tbody><tr><td>Monday</td><td>5 %</td></tr></tbody></table>';
    expect(sanitizeHtml(formatted)).toBe(formatted);
  });

  it('keeps text that looks like markup as text', () => {
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; and 3 &lt; 5</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; and 3 &lt; 5</p>');
    expect(sanitizeHtml('<p>a > b</p>')).toBe('<p>a &gt; b</p>');
  });

  it('opens links that leave the app in a new tab without access to it', () => {
    for (const href of ['https://example.com/page?a=1&b=2', 'http://example.com', 'mailto:help@example.com', 'tel:+441234567890']) {
      const clean = sanitizeHtml(`<a href="${href}" target="_self" rel="opener">out</a>`);
      const { links } = inspect(clean);
      expect(links).toEqual([{ href, target: '_blank', rel: expect.stringContaining('noopener') }]);
      expect(clean).toContain('>out</a>');
    }
  });

  it('keeps links to pages of the app in the same tab', () => {
    for (const href of ['#/pages/notice/nolist?id=welcome', '#/pages/myindex/feedback', '#/']) {
      const clean = sanitizeHtml(`<a href="${href}" target="_blank">in the app</a>`);
      expect(clean).toBe(`<a href="${href}">in the app</a>`);
    }
  });

  it('keeps a link’s text when its address is refused', () => {
    for (const href of ['javascript:alert(1)', '//evil.example', '/pages/x', 'ftp://example.com/file', '#top', '']) {
      expect(sanitizeHtml(`<a href="${href}">read me</a>`)).toBe('<a>read me</a>');
    }
  });

  it('keeps images from our uploads or over https from an allowed host, and drops the rest whole', () => {
    expect(sanitizeHtml('<img src="/uploads/AbC_1-2.png" alt="A picture" width="100" height="50">')).toBe('<img src="/uploads/AbC_1-2.png" alt="A picture" width="100" height="50">');
    expect(sanitizeHtml('<img src="https://cdn.example.com/a.jpg">')).toBe('<img src="https://cdn.example.com/a.jpg">');
    expect(sanitizeHtml('<img src="https://CDN.example.com/a.jpg">')).toBe('<img src="https://CDN.example.com/a.jpg">');
    expect(sanitizeFor('<img src="https://cdn.example.com/a.jpg">', [])).toBe('');
    const elsewhere = ['https://images.example.org/a.jpg', 'https://cdn.example.com.evil.example/a.jpg', 'https://evil.example/cdn.example.com/a.jpg', 'https://cdn.example.com:8443/a.jpg', 'https://user@cdn.example.com/a.jpg'];
    for (const src of [...elsewhere, 'http://cdn.example.com/a.jpg', '//cdn.example.com/a.jpg', '/uploads/../secret.png', '/uploads/a.svg', '/etc/passwd', 'x', 'data:image/png;base64,iVBORw0KGgo=']) {
      expect(sanitizeHtml(`<p>before<img src="${src}" alt="x">after</p>`), src).toBe('<p>beforeafter</p>');
    }
  });

  it('escapes what an attribute value holds', () => {
    const clean = sanitizeHtml('<img src="/uploads/a.png" alt="&quot; onerror=&quot;alert(1)"><a href="https://example.com" title="a &quot;quote&quot; <b>">x</a>');
    expectNothingRunnable(clean);
    expect(clean).toContain('src="/uploads/a.png"');
  });
});

describe('sanitizeHtml on anything', () => {
  const TAG_NAMES = [...Object.keys(ALLOWED), 'script', 'style', 'svg', 'math', 'iframe', 'object', 'embed', 'form', 'meta', 'base', 'link', 'textarea', 'xmp', 'noscript', 'template', 'image', 'animate', 'body', 'input', 'SCRIPT', 'ScRiPt', 'scr'];
  const ATTRIBUTE_NAMES = ['href', 'src', 'srcset', 'title', 'alt', 'style', 'onclick', 'onerror', 'onload', 'ONMOUSEOVER', 'target', 'rel', 'action', 'formaction', 'xlink:href', 'data', 'http-equiv', 'content', 'class', 'id'];
  const URLS = [
    'javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'jav&#x09;ascript:alert(1)', '&#106;avascript:alert(1)', 'java\u0000script:x', '\u0001javascript:x',
    'vbscript:x', 'data:text/html,x', 'data:image/png;base64,AA', 'https://example.com/a.png', '/uploads/a.png', '#/pages/x', 'mailto:a@b.c', 'x', '',
    'expression(alert(1))', 'url(javascript:alert(1))',
  ];
  const attributeValue = fc.oneof(fc.constantFrom(...URLS), fc.string({ maxLength: 12 }));
  const quoted = fc.tuple(fc.constantFrom('"', "'", '', '`'), attributeValue).map(([quote, value]) => `${quote}${value}${quote}`);
  const attribute = fc.tuple(fc.constantFrom(' ', '\t', '\n', '/', '  '), fc.constantFrom(...ATTRIBUTE_NAMES), fc.constantFrom('=', ' = ', ''), quoted).map((parts) => parts.join(''));
  const openTag = fc.tuple(fc.constantFrom('<', '< ', '<<'), fc.constantFrom(...TAG_NAMES), fc.array(attribute, { maxLength: 3 }), fc.constantFrom('>', '/>', ' >', '', '\n>')).map(([lt, name, attributes, gt]) => `${lt}${name}${attributes.join('')}${gt}`);
  const closeTag = fc.tuple(fc.constantFrom('</', '< /', '</ '), fc.constantFrom(...TAG_NAMES), fc.constantFrom('>', ' >', '', '\n>')).map((parts) => parts.join(''));
  const piece = fc.oneof(
    { weight: 4, arbitrary: openTag },
    { weight: 3, arbitrary: closeTag },
    { weight: 3, arbitrary: fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constantFrom('<!--', '-->', '<!-->', '<![CDATA[', ']]>', '&lt;', '&gt;', '&#60;', '&quot;', '"', "'", '<', '>', '=', '/', '\u0000', '&colon;') },
  );
  const htmlish = fc.array(piece, { maxLength: 25 }).map((pieces) => pieces.join(''));

  it('never yields a script, a style, an event handler or a URL that runs code, and is stable when sanitised again', () => {
    fc.assert(
      fc.property(htmlish, (html) => {
        const clean = sanitizeHtml(html);
        expectNothingRunnable(clean);
        expect(sanitizeHtml(clean)).toBe(clean);
      }),
      { numRuns: 1500 },
    );
  });

  it('never yields them from random text either', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => expectNothingRunnable(sanitizeHtml(text))),
      { numRuns: 500 },
    );
  });
});

describe('plainSummary', () => {
  it('drops the markup, decodes entities and collapses the spaces', () => {
    expect(plainSummary('<h2>Big&nbsp;news</h2>\n<p>Tom &amp; Jerry &lt;3 &quot;cheese&quot; &#39;now&#39; &#233;t&#xE9; &#x1F600;</p>')).toBe(
      'Big news Tom & Jerry <3 "cheese" \'now\' été 😀',
    );
    expect(plainSummary('<p>one</p><p>two</p><br>three')).toBe('one two three');
    expect(plainSummary('')).toBe('');
  });

  it('decodes only once', () => {
    expect(plainSummary('<p>&amp;lt;b&amp;gt;</p>')).toBe('&lt;b&gt;');
  });

  it('keeps a text of 120 characters whole and cuts a longer one at 120, counting an emoji as one', () => {
    const exactly = '😀'.repeat(120);
    expect(plainSummary(`<p>${exactly}</p>`)).toBe(exactly);
    const cut = plainSummary(`<p>${'😀'.repeat(121)}</p>`);
    expect([...cut]).toHaveLength(120);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.startsWith('😀'.repeat(119))).toBe(true);

    const words = plainSummary(`<p>${'word '.repeat(60)}</p>`);
    expect([...words].length).toBeLessThanOrEqual(120);
    expect(words).toMatch(/^word( word)*…$/);
  });

  it('answers text only, whatever the HTML', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (html) => {
        const summary = plainSummary(sanitizeHtml(html));
        expect([...summary].length).toBeLessThanOrEqual(120);
        expect(summary).toBe(summary.trim());
        expect(summary).not.toMatch(/\s\s/);
      }),
      { numRuns: 300 },
    );
  });
});
