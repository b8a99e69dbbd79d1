/**
 * The blog sanitizers (product.md §5; decision 0030) against a corpus of XSS vectors: nothing active
 * survives either one; the save sanitizer keeps the editor's formatting, the page sanitizer keeps
 * only product.md §5's list; plain text with blank lines becomes paragraphs.
 */
import { describe, expect, it } from 'vitest';
import { nestingDepth, renderPostBody, sanitizeForSave, textToHtml, uploadedImageUrls } from './blog-html.ts';

const XSS_VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">click</a>',
  '<a href="//evil.example/">protocol relative</a>',
  '<p onclick="alert(1)">text</p>',
  '<p style="background:url(javascript:alert(1))">text</p>',
  '<span style="color: red; background-image: url(x)">x</span>',
  '<span style="font-family: expression(alert(1))">x</span>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name=a><button>go</button></form>',
  '<body onload=alert(1)>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<div><a href="https://ok.example" onmouseover="alert(1)">ok</a></div>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<<script>script>alert(1)<</script>/script>',
  '<img src="x" width="100" height="100" onload="alert(1)" alt="a">',
  '<mark style="background-color: #ff0" onclick="alert(1)">hi</mark>',
  '<h2 style="text-align: center" onfocus="alert(1)" tabindex="1">t</h2>',
];

/** True when the HTML still carries anything that can run: a script tag, an event handler, a script URL. */
function active(html: string): string | undefined {
  const checks: [string, RegExp][] = [
    ['script tag', /<\s*script/i],
    ['event handler', /<[^>]+\son[a-z]+\s*=/i],
    ['javascript: url', /(href|src|action)\s*=\s*["']?\s*(javascript|vbscript|data):/i],
    ['url() in style', /url\s*\(/i],
    ['expression()', /expression\s*\(/i],
    ['embedding tag', /<\s*(iframe|object|embed|form|svg|math|style|meta|base|link|body)\b/i],
    ['protocol-relative link', /href="\/\//i],
  ];
  return checks.find(([, re]) => re.test(html))?.[0];
}

describe('sanitizeForSave', () => {
  it.each(XSS_VECTORS)('removes everything active from %s', (vector) => {
    expect(active(sanitizeForSave(vector))).toBeUndefined();
    expect(active(sanitizeForSave(`<p>before</p>${vector}<p>after</p>`))).toBeUndefined();
  });

  it("keeps the editor's formatting", () => {
    const html = [
      '<h1 style="text-align: center">One</h1><h2>Two</h2><h3 style="text-align: justify">Three</h3>',
      '<p style="text-align: right; line-height: 1.5">A <strong>b</strong> <em>c</em> <u>d</u> <s>e</s></p>',
      '<p><span style="color: #e11d48; background-color: rgb(255, 255, 0); font-family: Georgia, serif; font-size: 18px; line-height: 2">styled</span></p>',
      '<p><mark data-color="#fde68a" style="background-color: #fde68a">marked</mark></p>',
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>quote</p></blockquote>',
      '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">link</a> <a href="/find-my-part">site</a> <a href="mailto:a@b.ca">mail</a></p>',
      '<img src="/uploads/blog/abc123.webp" alt="An axle" title="Axle" width="800" height="450">',
    ].join('');
    const clean = sanitizeForSave(html);
    for (const kept of [
      '<h1 style="text-align:center">',
      '<h3 style="text-align:justify">',
      'text-align:right',
      'line-height:1.5',
      '<strong>b</strong>',
      '<em>c</em>',
      '<u>d</u>',
      '<s>e</s>',
      'color:#e11d48',
      'background-color:rgb(255, 255, 0)',
      'font-family:Georgia, serif',
      'font-size:18px',
      '<mark',
      '<blockquote>',
      '<ol>',
      'href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow"',
      'href="/find-my-part"',
      'href="mailto:a@b.ca"',
      '<img src="/uploads/blog/abc123.webp" alt="An axle" title="Axle" width="800" height="450" />',
    ]) {
      expect(clean).toContain(kept);
    }
  });

  it('drops styles outside the allowed list and pictures without a safe source', () => {
    expect(sanitizeForSave('<span style="position: fixed; color: red">x</span>')).toBe(
      '<span style="color:red">x</span>',
    );
    expect(sanitizeForSave('<p><img src="data:image/png;base64,AAAA" alt="x"></p>')).toBe('<p></p>');
    expect(sanitizeForSave('<p><img src="ftp://example.com/a.png"></p>')).toBe('<p></p>');
  });
});

describe('renderPostBody (product.md §5 strict list)', () => {
  it.each(XSS_VECTORS)('removes everything active from %s', (vector) => {
    expect(active(renderPostBody(vector))).toBeUndefined();
  });

  it('keeps only paragraph, line break, bold, italic, underline, link, list and heading tags with href/target/rel', () => {
    const clean = renderPostBody(
      '<h2 style="text-align:center">T</h2><p>A <strong>b</strong> <em>c</em> <u>d</u> <s>e</s><br><span style="color:red">f</span></p><ul><li>x</li></ul><a href="https://e.ca" class="x" target="_blank">l</a><img src="/uploads/blog/a.webp">',
    );
    expect(clean).toBe(
      '<h2>T</h2><p>A <strong>b</strong> <em>c</em> <u>d</u> e<br />f</p><ul><li>x</li></ul><a href="https://e.ca" target="_blank" rel="noopener noreferrer nofollow">l</a>',
    );
  });

  it('disallows unknown protocols', () => {
    expect(renderPostBody('<p><a href="ftp://x.ca/a">a</a> <a href="tel:+1204">b</a></p>')).toBe(
      '<p><a>a</a> <a>b</a></p>',
    );
  });

  it('turns plain text with blank lines into paragraphs', () => {
    expect(textToHtml('First line\nsame paragraph\n\nSecond paragraph\n\n\n')).toBe(
      '<p>First line<br />same paragraph</p>\n<p>Second paragraph</p>',
    );
    expect(renderPostBody('Hello <b>there</b>\n\nA < B & C')).toBe(
      '<p>Hello <b>there</b></p>\n<p>A &lt; B &amp; C</p>',
    );
    expect(renderPostBody('<p>Already HTML</p>\n\n<p>Two</p>')).toBe('<p>Already HTML</p>\n\n<p>Two</p>');
  });
});

describe('uploadedImageUrls', () => {
  it('finds the blog uploads a body shows', () => {
    expect(
      uploadedImageUrls(
        '<img src="/uploads/blog/ab12.webp"><img src="https://x.ca/a.png"><img src="/uploads/blog/ab12.webp">',
      ),
    ).toEqual(['/uploads/blog/ab12.webp']);
  });
});

describe('nestingDepth', () => {
  it.each([
    ['plain text', 0],
    ['<p>one</p><p>two</p>', 1],
    ['<ul><li><p><strong>x</strong></p></li></ul>', 4],
    ['<p>a<br>b<br/>c<img src="/x.webp" alt=""></p>', 1],
    ['<p>unclosed <em>tags <strong>count', 3],
    ['</div></div><p>stray closings never go below zero</p>', 1],
    ['<div/><div />', 0],
  ])('%s → %i', (html, depth) => {
    expect(nestingDepth(html)).toBe(depth);
  });

  it('measures 40,000 nested tags', () => {
    expect(nestingDepth(`${'<div>'.repeat(40_000)}x${'</div>'.repeat(40_000)}`)).toBe(40_000);
  });
});
