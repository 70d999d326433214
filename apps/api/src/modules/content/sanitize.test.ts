import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize.ts';

describe('sanitizeArticleHtml', () => {
  it('keeps the allowed structure as it is', () => {
    const html =
      '<h2>标题</h2><h3>小标题</h3><h4>再小</h4><p>正文<strong>加粗</strong><em>强调</em><b>b</b><i>i</i><u>u</u><span>s</span><br /></p>' +
      '<blockquote>引文</blockquote><ul><li>一</li></ul><ol><li>二</li></ol><hr />' +
      '<table><thead><tr><th>表头</th></tr></thead><tbody><tr><td>格</td></tr></tbody></table>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('removes scripts, styles, frames and their contents', () => {
    const out = sanitizeArticleHtml(
      '<p>甲<script>alert(1)</script>乙</p><style>p{color:red}</style><iframe src="https://x.test">框</iframe>' +
        '<svg><script>alert(2)</script></svg><object data="x">对象</object><noscript>无</noscript>',
    );
    expect(out).toBe('<p>甲乙</p>');
  });

  it('removes event, style and class attributes and keeps the text of disallowed tags', () => {
    expect(sanitizeArticleHtml('<h1 style="color:red" class="x" onclick="a()">大标题</h1>')).toBe('大标题');
    expect(sanitizeArticleHtml('<p onmouseover="a()" style="x" id="p">段</p>')).toBe('<p>段</p>');
  });

  it('drops images without an https or /api/files/ source, and their event attributes', () => {
    expect(
      sanitizeArticleHtml(
        '<img src="x" onerror="alert(1)"><img src="javascript:alert(1)"><img src="data:image/png;base64,AAAA">' +
          '<img src="http://a.test/x.png"><img src="//a.test/x.png"><img src="/api/files/../secret">' +
          '<img alt="无图">',
      ),
    ).toBe('');
    expect(
      sanitizeArticleHtml(
        '<img src="https://a.test/x.png" alt="图" onload="x()" width="9"><img src="/api/files/ab/cd.webp">',
      ),
    ).toBe('<img src="https://a.test/x.png" alt="图" /><img src="/api/files/ab/cd.webp" />');
  });

  it('turns links to unsafe or unknown targets into plain text', () => {
    for (const href of [
      'javascript:alert(1)',
      'jav&#x61;script:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.test',
      '/relative',
      '#top',
      'ftp://a.test',
    ]) {
      expect(sanitizeArticleHtml(`<a href="${href}" onclick="x()">链接</a>`), href).toBe('<span>链接</span>');
    }
    expect(sanitizeArticleHtml('<a>无链接</a>')).toBe('<span>无链接</span>');
  });

  it('opens external links in a new tab without the opener; keeps mailto and in-app links as they are', () => {
    for (const [html, sanitised] of [
      [
        '<a href="https://a.test/x" target="_self" rel="opener">外</a>',
        '<a href="https://a.test/x" rel="noopener noreferrer" target="_blank">外</a>',
      ],
      [
        '<a href="http://a.test">外</a>',
        '<a href="http://a.test" rel="noopener noreferrer" target="_blank">外</a>',
      ],
      [
        '<a href="mailto:privacy@xuanli.app" target="_blank">信</a>',
        '<a href="mailto:privacy@xuanli.app">信</a>',
      ],
      [
        '<a href="#/pages/index/label?name=嫁娶" rel="x">内</a>',
        '<a href="#/pages/index/label?name=嫁娶">内</a>',
      ],
    ]) {
      expect(sanitizeArticleHtml(html), html).toBe(sanitised);
    }
  });

  it('is stable: sanitising its own output changes nothing', () => {
    const once = sanitizeArticleHtml(
      '<p>a &amp; b &lt;c&gt; "d"</p><a href="https://a.test/?q=1&amp;r=2">x</a><img src="https://a.test/i.png" alt="&quot;">',
    );
    expect(sanitizeArticleHtml(once)).toBe(once);
  });
});
