import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** The share link as a QR code, for signing in person (docs/contracts.md#share-link). */
export function ShareQrCode({ link, label }: { link: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" }).then(
      (markup) => {
        if (current) setSvg(markup);
      },
      () => {
        if (current) setSvg(null);
      },
    );
    return () => {
      current = false;
    };
  }, [link]);
  if (!svg) return null;
  return (
    <img
      className="share__qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={200}
      height={200}
    />
  );
}
