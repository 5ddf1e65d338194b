import { visibleEscape } from './format-text';

// Characters XML 1.0 forbids even as character references (C0 controls other than tab, LF and CR; U+FFFE and
// U+FFFF; unpaired surrogates). A parser rejects the whole file over one of them, so they become visible `\u001b`
// text instead: a server's ANSI-coloured error message must not make the CI's test report unreadable.
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escapes character data (element content). CR is written as a reference because parsers turn a raw CR into LF. */
export function escapeXmlText(text: string): string {
  return text
    .replace(XML_FORBIDDEN, visibleEscape)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/**
 * Escapes an attribute value for double or single quotes. Tab, LF and CR are written as references because
 * attribute-value normalisation would otherwise turn them into spaces.
 */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;');
}
