import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { UploadMalformed } from './media.errors.ts';

export interface Upload {
  /** Text fields, first value of each name. */
  fields: Record<string, string>;
  /** The part named `file`: its bytes, or `tooLarge` when it passed the limit (its bytes are then dropped). */
  file: { bytes: Buffer; tooLarge: boolean } | null;
  /** Reading stopped before the end of the request (it was far too large); the connection should close. */
  cutShort: boolean;
}

const fieldNames = new Set(['entityType', 'entityId']);

/**
 * Streams a multipart upload through busboy, keeping at most `maxBytes` of the one file:
 * past the limit its bytes are dropped as they arrive, so an oversized upload costs no
 * memory. Nothing touches the disk here. Requests larger than the file limit plus a small
 * allowance for the form's other parts are not read to their end at all.
 */
export function readUpload(request: Readable, headers: IncomingHttpHeaders, options: { maxBytes: number }): Promise<Upload> {
  const overhead = 64 * 1024;
  return new Promise<Upload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        // busboy reports the limit on reaching it; one byte more lets a file of exactly maxBytes through.
        limits: { fileSize: options.maxBytes + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
      });
    } catch {
      // No boundary, or not multipart at all.
      reject(new UploadMalformed());
      return;
    }
    const fields: Record<string, string> = {};
    let part: { chunks: Buffer[]; tooLarge: boolean } | null = null;
    let settled = false;
    let received = 0;

    const finish = (cutShort: boolean) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      request.off('data', count);
      const file = part && { bytes: part.tooLarge ? Buffer.alloc(0) : Buffer.concat(part.chunks), tooLarge: part.tooLarge || cutShort };
      resolve({ fields, file, cutShort });
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      request.off('data', count);
      reject(error);
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      // Far past anything acceptable: stop reading; the answer is already known.
      if (received > options.maxBytes + overhead) {
        part ??= { chunks: [], tooLarge: true };
        finish(true);
      }
    };

    parser.on('field', (name, value) => {
      if (fieldNames.has(name) && !(name in fields)) fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== 'file' || part) {
        stream.resume();
        return;
      }
      const current: { chunks: Buffer[]; tooLarge: boolean } = { chunks: [], tooLarge: false };
      part = current;
      stream.on('data', (chunk: Buffer) => {
        if (!current.tooLarge) current.chunks.push(chunk);
      });
      stream.on('limit', () => {
        current.tooLarge = true;
        current.chunks = [];
      });
    });
    parser.on('close', () => finish(false));
    parser.on('error', () => fail(new UploadMalformed()));
    request.on('data', count);
    request.on('error', () => fail(new UploadMalformed()));
    request.pipe(parser);
  });
}
