/**
 * The QR code of an `otpauth://` URL (contracts `TotpEnrolResult.otpauthUrl`) as a PNG data URL, drawn
 * in the browser: the secret never leaves the page for an image service.
 */
import { toDataURL } from 'qrcode';

/** A 192-pixel QR code of `otpauthUrl`, medium error correction. */
export function totpQrDataUrl(otpauthUrl: string): Promise<string> {
  return toDataURL(otpauthUrl, { width: 192, margin: 1, errorCorrectionLevel: 'M' });
}
