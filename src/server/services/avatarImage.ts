import { invalid } from '../domain/errors';

/** The image types Gitea accepts as avatars (its processAvatarImage). */
export type AvatarImageType = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ImageHeader {
  readonly type: AvatarImageType;
  readonly width: number;
  readonly height: number;
}

export const avatarContentTypes: Readonly<Record<AvatarImageType, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

// Gitea's [picture] defaults: AVATAR_MAX_WIDTH, AVATAR_MAX_HEIGHT and AVATAR_MAX_FILE_SIZE
export const avatarLimits = { maxWidth: 4096, maxHeight: 4096, maxFileSize: 1048576 } as const;

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(data: Buffer): ImageHeader | undefined {
  if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { type: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function gif(data: Buffer): ImageHeader | undefined {
  if (data.length < 10) return undefined;
  return { type: 'gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
}

// The start-of-frame markers, which carry the dimensions (not DHT C4, JPG C8 or DAC CC).
const startOfFrame = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Walks the JPEG segments up to the first frame header. */
function jpeg(data: Buffer): ImageHeader | undefined {
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a length
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    if (startOfFrame.has(marker)) {
      if (at + 9 > data.length) return undefined;
      return { type: 'jpeg', height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    if (length < 2) return undefined;
    at += 2 + length;
  }
  return undefined;
}

/** A WebP's first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webp(data: Buffer): ImageHeader | undefined {
  if (data.length < 30) return undefined;
  const chunk = data.toString('latin1', 12, 16);
  const at = 20;
  if (chunk === 'VP8 ') {
    return {
      type: 'webp',
      width: data.readUInt16LE(at + 6) & 0x3fff,
      height: data.readUInt16LE(at + 8) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    if (data[at] !== 0x2f) return undefined;
    const bits = data.readUInt32LE(at + 1);
    return { type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { type: 'webp', width: data.readUIntLE(at + 4, 3) + 1, height: data.readUIntLE(at + 7, 3) + 1 };
  }
  return undefined;
}

/** The image's type and size from its header, when it is one of the avatar types. */
export function readImageHeader(data: Buffer): ImageHeader | undefined {
  if (data.subarray(0, 8).equals(pngSignature)) return png(data);
  const start = data.toString('latin1', 0, 6);
  if (start === 'GIF87a' || start === 'GIF89a') return gif(data);
  if (data[0] === 0xff && data[1] === 0xd8) return jpeg(data);
  if (start.startsWith('RIFF') && data.toString('latin1', 8, 12) === 'WEBP') return webp(data);
  return undefined;
}

/**
 * Gitea's processAvatarImage checks: a PNG, JPEG, GIF or WebP no larger than 4096×4096 (422 with its
 * messages). Gitea scales images above 256 KiB down; this server keeps them as sent, so it refuses those
 * above AVATAR_MAX_FILE_SIZE instead of storing them.
 */
export function checkAvatarImage(data: Buffer): ImageHeader {
  const header = readImageHeader(data);
  if (!header) throw invalid('image.DecodeConfig: image: unknown format');
  if (header.width > avatarLimits.maxWidth)
    throw invalid(`image width is too large: ${header.width} > ${avatarLimits.maxWidth}`);
  if (header.height > avatarLimits.maxHeight)
    throw invalid(`image height is too large: ${header.height} > ${avatarLimits.maxHeight}`);
  if (data.length > avatarLimits.maxFileSize)
    throw invalid(`image is too large: ${data.length} > ${avatarLimits.maxFileSize} bytes`);
  return header;
}
