import { render, screen } from '@testing-library/react';
import { encode } from 'uqr';
import { darkModulesPath, TOTP_QR_OPTIONS, TotpQrCode } from './TotpQrCode';

const URI =
  'otpauth://totp/Pulse%3Aowner-lee?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Pulse&algorithm=SHA1&digits=6&period=30';

/** Reads the drawn SVG back into modules: each `M x y h run …` subpath darkens `run` modules of row y. */
function drawnModules(svg: Element): boolean[][] {
  const side = Number(svg.getAttribute('viewBox')?.split(' ')[2]) - 8;
  const modules = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g))
    for (let column = Number(x); column < Number(x) + Number(run); column++)
      modules[Number(y)][column] = true;
  return modules;
}

describe('TotpQrCode', () => {
  it('draws the URI as an SVG with a text alternative, module for module what uqr encodes', () => {
    render(<TotpQrCode uri={URI} />);
    const svg = screen.getByRole('img', { name: '인증 앱에 등록할 QR 코드' });
    expect(svg.tagName.toLowerCase()).toBe('svg');
    const expected = encode(URI, TOTP_QR_OPTIONS).data;
    expect(drawnModules(svg)).toEqual(expected);
    // Another secret is another picture: the drawing follows the URI it was given.
    const otherSecret = URI.replace('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const other = encode(otherSecret, TOTP_QR_OPTIONS).data;
    expect(drawnModules(svg)).not.toEqual(other);
  });

  it('leaves a four-module quiet zone around the code', () => {
    render(<TotpQrCode uri={URI} />);
    const svg = screen.getByRole('img');
    const { size } = encode(URI, TOTP_QR_OPTIONS);
    expect(svg.getAttribute('viewBox')).toBe(`-4 -4 ${size + 8} ${size + 8}`);
  });
});

describe('darkModulesPath', () => {
  it('joins neighbouring dark modules of a row into one run and skips light ones', () => {
    expect(
      darkModulesPath([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z');
  });
});
