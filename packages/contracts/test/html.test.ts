import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml, jsonInScript } from '../src/html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters markup gives meaning to', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('escapes an ampersand once, so an entity in the text stays text', () => {
    expect(escapeHtml('&amp; &#39;')).toBe('&amp;amp; &amp;#39;');
  });

  it('leaves other text, Persian included, as it is', () => {
    expect(escapeHtml('فروشگاه ۱۲۳ — ok')).toBe('فروشگاه ۱۲۳ — ok');
  });
});

describe('escapeXml', () => {
  it("writes XML's own &apos; and the same four others as HTML", () => {
    expect(escapeXml(`<loc>a&b "c" 'd'</loc>`)).toBe(
      '&lt;loc&gt;a&amp;b &quot;c&quot; &apos;d&apos;&lt;/loc&gt;',
    );
  });
});

describe('jsonInScript', () => {
  it('cannot close the script element', () => {
    expect(jsonInScript({ a: '</script><!--&\u2028' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028"}',
    );
  });
});
