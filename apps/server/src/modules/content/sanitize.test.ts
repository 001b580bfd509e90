import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize.js';

describe('article HTML sanitiser', () => {
  it('strips scripts, event handlers and javascript: URLs', () => {
    const out = sanitizeArticleHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src="/media/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe|alert/i);
    expect(out).toContain('<p>Hi</p>');
    expect(out).toContain('<img src="/media/a.png" />');
    expect(out).toContain('<a>x</a>');
  });
  it('keeps images only from this site or data: URLs', () => {
    expect(sanitizeArticleHtml('<img src="https://tracker.example/p.gif" alt="t">')).toBe('<img alt="t" />');
    expect(sanitizeArticleHtml('<img src="//tracker.example/p.gif">')).toBe('<img />');
    expect(sanitizeArticleHtml('<img src="data:image/png;base64,AAAA" alt="d">')).toContain(
      'src="data:image/png;base64,AAAA"',
    );
  });
  it('keeps the allowed markup: headings, lists, tables, safe links', () => {
    const html =
      '<h2>Returns</h2><ul><li><strong>30</strong> days</li></ul><table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitizeArticleHtml(html)).toBe(html);
    expect(sanitizeArticleHtml('<a href="https://example.com/x" rel="opener" style="color:red">x</a>')).toBe(
      '<a href="https://example.com/x" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="/agb">AGB</a>')).toBe('<a href="/agb">AGB</a>');
  });
});
