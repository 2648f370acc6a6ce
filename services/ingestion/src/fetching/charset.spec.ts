import iconv from 'iconv-lite';
import { charsetFromContentType, decodeBody, normaliseCharset } from './charset';

const KOREAN = '똠방각하와 햏자의 인공지능 뉴스'; // 똠 and 햏 exist only in CP949, not strict EUC-KR

describe('charset detection', () => {
  it('lets a BOM win over the header and the declaration', () => {
    const utf8 = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`<?xml version="1.0" encoding="euc-kr"?><t>${KOREAN}</t>`),
    ]);
    expect(decodeBody(utf8, 'text/xml; charset=iso-8859-1')).toMatchObject({
      charset: 'utf-8',
      source: 'bom',
    });
    expect(decodeBody(utf8).text.startsWith('<?xml')).toBe(true); // BOM stripped

    const le = iconv.encode(`<t>${KOREAN}</t>`, 'utf-16le', { addBOM: true });
    expect(decodeBody(le)).toEqual({ text: `<t>${KOREAN}</t>`, charset: 'utf-16le', source: 'bom' });
    const be = iconv.encode(`<t>${KOREAN}</t>`, 'utf-16be', { addBOM: true });
    expect(decodeBody(be)).toEqual({ text: `<t>${KOREAN}</t>`, charset: 'utf-16be', source: 'bom' });
  });

  it.each(['euc-kr', 'EUC-KR', 'ks_c_5601-1987', 'x-windows-949', '"euc-kr"'])(
    'decodes a Content-Type charset of %s as CP949',
    (label) => {
      const bytes = iconv.encode(`<t>${KOREAN}</t>`, 'cp949');
      expect(decodeBody(bytes, `application/rss+xml; charset=${label}`)).toEqual({
        text: `<t>${KOREAN}</t>`,
        charset: 'cp949',
        source: 'content-type',
      });
    },
  );

  it('falls back to the XML declaration, then an HTML meta, then UTF-8', () => {
    const xml = iconv.encode(`<?xml version="1.0" encoding="EUC-KR"?>\n<t>${KOREAN}</t>`, 'cp949');
    expect(decodeBody(xml, 'application/xml')).toMatchObject({ charset: 'cp949', source: 'xml-declaration' });
    expect(decodeBody(xml).text).toContain(KOREAN);

    const html = iconv.encode(
      `<html><head><meta charset="euc-kr"></head><body>${KOREAN}</body></html>`,
      'cp949',
    );
    expect(decodeBody(html, 'text/html')).toMatchObject({ charset: 'cp949', source: 'html-meta' });
    const httpEquiv = iconv.encode(
      `<html><head><meta http-equiv="Content-Type" content="text/html; charset=ks_c_5601-1987"></head><p>${KOREAN}</p>`,
      'cp949',
    );
    expect(decodeBody(httpEquiv).text).toContain(KOREAN);

    expect(decodeBody(Buffer.from(`<t>${KOREAN}</t>`), 'text/xml')).toEqual({
      text: `<t>${KOREAN}</t>`,
      charset: 'utf-8',
      source: 'default',
    });
  });

  it('falls back to UTF-8 on an unknown charset and says so, without throwing', () => {
    const decoded = decodeBody(Buffer.from(`<t>${KOREAN}</t>`), 'text/xml; charset=x-klingon');
    expect(decoded).toMatchObject({ text: `<t>${KOREAN}</t>`, charset: 'utf-8', source: 'default' });
    expect(decoded.warning).toContain("unknown charset 'x-klingon'");
    // An unknown header but a good declaration: the declaration is used, and the header noted.
    const declared = decodeBody(
      iconv.encode(`<?xml version="1.0" encoding="euc-kr"?><t>${KOREAN}</t>`, 'cp949'),
      'text/xml; charset=bogus',
    );
    expect(declared).toMatchObject({ charset: 'cp949', source: 'xml-declaration' });
    expect(declared.warning).toContain('bogus');
  });

  it('turns invalid bytes into replacement characters instead of failing', () => {
    expect(
      decodeBody(Buffer.from([0x3c, 0xff, 0xfe, 0xfd, 0x3e]).subarray(0), 'text/plain; charset=utf-8').text,
    ).toContain('\ufffd');
    expect(decodeBody(Buffer.alloc(0)).text).toBe('');
  });

  it('parses charset labels', () => {
    expect(charsetFromContentType('text/html; charset="UTF-8"')).toBe('UTF-8');
    expect(charsetFromContentType('text/html;charset=euc-kr; foo=bar')).toBe('euc-kr');
    expect(charsetFromContentType('text/html')).toBeUndefined();
    expect(normaliseCharset('latin1')).toBe('latin1');
    expect(normaliseCharset('')).toBeUndefined();
  });
});
