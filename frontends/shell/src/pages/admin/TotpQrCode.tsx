import { encode, type QrCodeGenerateOptions } from 'uqr';

/**
 * Error correction M (15%): a phone camera reads it off a glossy or scratched screen, and an otpauth URI
 * still fits a small version. No border in the matrix: the quiet zone is drawn by the viewBox instead.
 */
export const TOTP_QR_OPTIONS: QrCodeGenerateOptions = { ecc: 'M', border: 0 };
/** The four-module quiet zone scanners need around the code (ISO/IEC 18004). */
const QUIET_ZONE = 4;

/**
 * The dark modules as one SVG path, a rectangle per horizontal run (`M x y h run v1 h -run z`): far fewer
 * nodes and bytes than a rect per module, and the same picture.
 */
export function darkModulesPath(matrix: boolean[][]): string {
  let path = '';
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  });
  return path;
}

/**
 * An otpauth:// URI as a QR code for an authenticator app to scan, drawn as inline SVG in the browser
 * (never an image fetched from anywhere, so the secret in it goes nowhere but this page).
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const { size, data } = encode(uri, TOTP_QR_OPTIONS);
  const side = size + QUIET_ZONE * 2;
  return (
    <svg
      className="totp-qr"
      role="img"
      aria-label="인증 앱에 등록할 QR 코드"
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#fff" />
      <path d={darkModulesPath(data)} fill="#000" />
    </svg>
  );
}
