/**
 * The encrypted `resource` of a WeChat Pay callback (回调报文解密): AEAD_AES_256_GCM with the 32-byte
 * APIv3 key, the resource's `nonce` (12 characters) and `associated_data`; `ciphertext` is base64 of
 * the encrypted data followed by the 16-byte authentication tag.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';

/** The `resource` object of a callback. */
export interface WechatResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

const TAG_BYTES = 16;

/** The plaintext of `resource`, or null when it does not decrypt and authenticate under `apiV3Key`. */
export function decryptResource(resource: WechatResource, apiV3Key: string): string | null {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') return null;
  const key = Buffer.from(apiV3Key, 'utf8');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (key.length !== 32 || data.length <= TAG_BYTES || resource.nonce.length === 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

/** Encrypts `plaintext` as WeChat does (used by the tests' provider and nowhere else). */
export function encryptResource(
  plaintext: string,
  apiV3Key: string,
  nonce: string,
  associatedData: string,
): WechatResource {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'), {
    authTagLength: TAG_BYTES,
  });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: 'transaction',
  };
}
