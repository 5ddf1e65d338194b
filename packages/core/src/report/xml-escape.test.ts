import { describe, expect, it } from 'vitest';
import { escapeXmlAttribute, escapeXmlText } from './xml-escape';

describe('escapeXmlText / escapeXmlAttribute', () => {
  it.each([
    { input: `a<b>&"c'`, textOut: `a&lt;b&gt;&amp;"c'`, attrOut: 'a&lt;b&gt;&amp;&quot;c&apos;' },
    { input: 'one\ntwo\tthree\rfour', textOut: 'one\ntwo\tthree&#13;four', attrOut: 'one&#10;two&#9;three&#13;four' },
    { input: '\x1b[31mred\x1b[0m', textOut: '\\u001b[31mred\\u001b[0m', attrOut: '\\u001b[31mred\\u001b[0m' },
    { input: 'nul\0 bell\x07 vt\x0b ff\x0c us\x1f', textOut: 'nul\\u0000 bell\\u0007 vt\\u000b ff\\u000c us\\u001f' },
    { input: 'not chars: \ufffe\uffff', textOut: 'not chars: \\ufffe\\uffff' },
    { input: 'lone \ud800 and \udc00', textOut: 'lone \\ud800 and \\udc00' },
    { input: 'pair 😀, é, \u0085, \u007f', textOut: 'pair 😀, é, \u0085, \u007f' },
    { input: '&amp; stays literal', textOut: '&amp;amp; stays literal' },
  ])('$input', ({ input, textOut, attrOut }) => {
    expect(escapeXmlText(input)).toBe(textOut);
    expect(escapeXmlAttribute(input)).toBe(attrOut ?? textOut);
  });
});
