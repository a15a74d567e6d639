import { encode } from 'uqr';

export interface QrCodeProps {
  readonly value: string;
  /** The image's accessible name. */
  readonly label: string;
  /** Rendered size in CSS pixels. */
  readonly size?: number;
}

/**
 * A QR code as one SVG path, one unit square per dark module, with the quiet zone the standard
 * asks for. Drawn from uqr's module matrix, so no markup is injected.
 */
export function QrCode({ value, label, size = 192 }: QrCodeProps) {
  const { data, size: modules } = encode(value, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${String(x)} ${String(y)}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      className="qr-code"
      width={size}
      height={size}
      viewBox={`0 0 ${String(modules)} ${String(modules)}`}
      shapeRendering="crispEdges"
      data-modules={modules}
    >
      {/* Black on white in both themes, not tokens: scanners read dark modules on a light ground. */}
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
