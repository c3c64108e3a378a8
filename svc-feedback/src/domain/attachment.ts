// A screenshot is stored in the service's own database as chunks well below the wire protocol's document size
// limit (16 MiB on MongoDB; FerretDB's SQLite backend stores each document as one JSON row, where a Buffer
// grows by base64), in the way GridFS does: 255 KiB per chunk.
export const CHUNK_BYTES = 255 * 1024;

export function splitChunks(bytes: Buffer, size = CHUNK_BYTES): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) chunks.push(bytes.subarray(offset, offset + size));
  return chunks;
}

export const contentTypeOf = (kind: 'png' | 'jpeg') => (kind === 'png' ? 'image/png' : 'image/jpeg');
