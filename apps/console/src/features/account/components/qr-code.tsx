import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code drawn in the browser: the secret it carries never leaves for another service. */
export function QrCode({ text, alt }: { text: string; alt: string }) {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let current = true;
    void QRCode.toDataURL(text, { width: 200, margin: 1 }).then((url) => current && setImage(url));
    return () => {
      current = false;
    };
  }, [text]);
  return image ? <img src={image} width={200} height={200} alt={alt} data-testid="totp-qr" /> : null;
}
