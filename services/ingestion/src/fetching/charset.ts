import iconv from 'iconv-lite';

export interface DecodedText {
  text: string;
  /** The charset actually used to decode, lower-case (e.g. 'utf-8', 'cp949', 'utf-16le'). */
  charset: string;
  /** Where the charset came from. */
  source: 'bom' | 'content-type' | 'xml-declaration' | 'html-meta' | 'default';
  /** Set when a declared charset was unknown and UTF-8 was used instead. */
  warning?: string;
}

/**
 * Korean sites label their pages 'euc-kr' (or one of Microsoft's names for it) but actually write CP949,
 * its superset: decoding as strict EUC-KR would garble the extra Hangul syllables, so all of them map to
 * CP949.
 */
const ALIASES: Record<string, string> = {
  'euc-kr': 'cp949',
  euckr: 'cp949',
  'ks_c_5601-1987': 'cp949',
  'ks_c_5601-1989': 'cp949',
  ks_c_5601: 'cp949',
  ksc5601: 'cp949',
  csksc56011987: 'cp949',
  'iso-ir-149': 'cp949',
  korean: 'cp949',
  'windows-949': 'cp949',
  'x-windows-949': 'cp949',
  cp949: 'cp949',
  ms949: 'cp949',
  uhc: 'cp949',
  utf8: 'utf-8',
  'unicode-1-1-utf-8': 'utf-8',
  // A page that says "utf-16" after losing its BOM is little-endian in practice (Windows tools).
  'utf-16': 'utf-16le',
  unicode: 'utf-16le',
};

/** Maps a declared charset label to an iconv-lite encoding name, or undefined when it does not know it. */
export function normaliseCharset(label: string): string | undefined {
  const name = label
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  if (!name) return undefined;
  const mapped = ALIASES[name] ?? name;
  return iconv.encodingExists(mapped) ? mapped : undefined;
}

/** The charset parameter of a Content-Type header, if any. */
export function charsetFromContentType(contentType: string | undefined): string | undefined {
  const match = contentType?.match(/;\s*charset\s*=\s*("?)([^";,\s]+)\1/i);
  return match?.[2];
}

function sniffBom(bytes: Buffer): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * The encoding named inside the document: the XML declaration, or for HTML a <meta charset> /
 * <meta http-equiv="Content-Type" content="…; charset=…">. Read from the first 1 KiB as Latin-1, which is
 * enough for every ASCII-compatible encoding (the only ones that can declare themselves this way).
 */
function sniffDeclaration(
  bytes: Buffer,
): { label: string; source: 'xml-declaration' | 'html-meta' } | undefined {
  const head = bytes.subarray(0, 1024).toString('latin1');
  const xml = head.match(/^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([^"']+)["']/i);
  if (xml) return { label: xml[1], source: 'xml-declaration' };
  const meta =
    head.match(/<meta\s[^>]*?charset\s*=\s*["']?([^"'\s/>;]+)/i) ??
    head.match(/<meta\s[^>]*?content\s*=\s*["'][^"']*?charset\s*=\s*([^"'\s;]+)/i);
  if (meta) return { label: meta[1], source: 'html-meta' };
  return undefined;
}

/**
 * Decodes a body: BOM first (it cannot lie about the byte order), then the Content-Type charset, then the
 * document's own declaration, else UTF-8. Never throws: an unknown label falls back to UTF-8 with a warning,
 * and undecodable bytes become U+FFFD.
 */
export function decodeBody(bytes: Buffer, contentType?: string): DecodedText {
  const bom = sniffBom(bytes);
  if (bom) return { text: iconv.decode(bytes, bom, { stripBOM: true }), charset: bom, source: 'bom' };

  const warnings: string[] = [];
  const candidates: Array<{ label: string | undefined; source: DecodedText['source'] }> = [
    { label: charsetFromContentType(contentType), source: 'content-type' },
    (() => {
      const declared = sniffDeclaration(bytes);
      return { label: declared?.label, source: declared?.source ?? 'xml-declaration' };
    })(),
  ];
  for (const { label, source } of candidates) {
    if (!label) continue;
    const charset = normaliseCharset(label);
    if (charset) {
      return {
        text: iconv.decode(bytes, charset),
        charset,
        source,
        ...(warnings.length ? { warning: warnings.join('; ') } : {}),
      };
    }
    warnings.push(`unknown charset '${label}' (${source}), decoded as UTF-8`);
  }
  return {
    text: iconv.decode(bytes, 'utf-8'),
    charset: 'utf-8',
    source: 'default',
    ...(warnings.length ? { warning: warnings.join('; ') } : {}),
  };
}
