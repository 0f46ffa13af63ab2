import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-to-html.ts';

describe('markdownToHtml', () => {
  it('renders headings, paragraphs, lists, bold and safe links', () => {
    const html = markdownToHtml('# 標題\n\n第一行\n第二行\n\n1. 一\n2. **二**\n\n- 甲\n- [客服](https://line.me/x)\n\n## 小標');
    expect(html).toBe(
      [
        '<h1>標題</h1>',
        '<p>第一行<br>第二行</p>',
        '<ol><li>一</li><li><strong>二</strong></li></ol>',
        '<ul><li>甲</li><li><a href="https://line.me/x" target="_blank" rel="noopener noreferrer">客服</a></li></ul>',
        '<h2>小標</h2>',
      ].join('\n'),
    );
  });

  it('escapes markup and refuses script links', () => {
    const html = markdownToHtml('<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](https://a.tw/"onmouseover=1)');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('href="javascript');
    expect(html).not.toMatch(/href="[^"]*"onmouseover/);
  });
});
