// The one way a route reads uploaded files: a multipart/form-data request with exactly one file (or, with
// readUploads, one or more), in the field `file`, each of at most a given number of bytes.
//
// Why not request.file() + toBuffer(): busboy stops a file at the limit and marks the stream `truncated`,
// but toBuffer() looks at the mark only after each chunk it reads. When a chunk ends exactly at the limit
// (browsers and Node's fetch send a file in 64 KiB writes, and every limit here is a multiple of that),
// no chunk follows, the mark is never seen and the file is stored cut at the limit with 200. Here the mark
// is read after the whole stream, so an over-limit file is refused with 413 every time.
import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { ErrorCodes, type ErrorDetail } from '@atrium/contract';
import { AppError, badRequest } from './errors.js';

export interface UploadedFile {
  data: Buffer;
  /** as the client named it; may be empty */
  fileName: string;
  /** as the client declared it; never trust it, sniff the bytes */
  mimeType: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** an upload route: the one file it reads (readSingleUpload) and what the API description shows */
    upload?: UploadOptions;
  }
}

export interface UploadOptions {
  /** the largest file accepted, in bytes */
  maxBytes: number;
  /** what the messages call the file: 'file', 'image', 'avatar', 'favicon' */
  what: string;
  /** the refusal of an over-limit file; by default "The <what> is larger than the limit of <limit>." */
  tooLarge?: () => AppError;
}

/** The form-field name every upload route reads. */
export const UploadField = 'file';

/** Fields other than the file (ignored) and files beyond the first are bounded, so a request cannot make us read parts forever. */
const PartLimits = { files: 2, fields: 20, parts: 25, fieldSize: 64 * 1024 };

/** 1 MB, 512 KB, 0.5 MB: the limit as people read it. */
export function formatLimit(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  const kb = bytes / 1024;
  return `${Number.isInteger(kb) ? kb : kb.toFixed(1)} KB`;
}

export const uploadTooLarge = (what: string, maxBytes: number, message = `The ${what} is larger than the limit of ${formatLimit(maxBytes)}.`) =>
  new AppError(ErrorCodes.payloadTooLarge, 413, message, [{ field: UploadField, message: `At most ${formatLimit(maxBytes)}` }]);

const notMultipart = (what: string) =>
  new AppError(ErrorCodes.unsupportedMediaType, 415, `Send the ${what} as multipart/form-data with a field named ${UploadField}.`);

const fileDetail = (message: string): ErrorDetail[] => [{ field: UploadField, message }];

/** Reads a file part to its end: its bytes, and whether busboy cut it at the limit. */
async function readPart(part: MultipartFile, maxBytes: number): Promise<{ data: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    // busboy never hands more than the limit; keep nothing of a file that is already too large anyway
    if (size <= maxBytes) chunks.push(chunk);
  }
  // the mark is set before the stream ends, so after the loop it is final
  const truncated = part.file.truncated || size > maxBytes;
  return { data: truncated ? Buffer.alloc(0) : Buffer.concat(chunks, size), truncated };
}

/** Reads and forgets a part nobody wants, so that the rest of the request still arrives. */
async function drain(part: MultipartFile): Promise<void> {
  for await (const _chunk of part.file as AsyncIterable<Buffer>) void _chunk;
}

/** `throwFileSizeLimit` is an option of parts() that its types leave out (@fastify/multipart 10 reads it per call). */
const partsOptions = (maxBytes: number) =>
  ({ limits: { ...PartLimits, fileSize: maxBytes }, throwFileSizeLimit: false }) as Parameters<FastifyRequest['parts']>[0];

const codeOf = (e: unknown) => (e as { code?: string } | null)?.code;

/** The answer to an error @fastify/multipart or busboy raised while a request's parts were read (the error itself when it is none of theirs). */
function multipartError(e: unknown, o: { what: string; maxBytes: number; tooLarge?: (() => Error) | undefined; tooMany: () => Error }): unknown {
  switch (codeOf(e)) {
    case 'FST_FILES_LIMIT':
      return o.tooMany();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('The request has too many form fields.', fileDetail('Too many form fields'));
    case 'FST_REQ_FILE_TOO_LARGE':
      return o.tooLarge?.() ?? uploadTooLarge(o.what, o.maxBytes);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return notMultipart(o.what);
    case 'FST_PROTO_VIOLATION':
      return badRequest('The request has a form field that is not allowed.', fileDetail('Invalid field name'));
  }
  // busboy's own errors: a body that is not multipart as its content type says
  if (e instanceof Error && !codeOf(e) && /multipart|boundary|part terminated|unexpected end/i.test(e.message)) {
    return badRequest('The multipart body is malformed.', fileDetail('Malformed multipart body'));
  }
  return e;
}

/**
 * The one file of a multipart/form-data request, in the field `file`, read whole. The limit and what the
 * messages call the file come from the route's `config.upload` (or `given`).
 *
 * - not multipart: 415; no file in `file`: 400 (naming a file field of another name when there is one);
 *   more than one file: 400; malformed multipart: 400;
 * - a file over `maxBytes`: 413 every time (see the top of this file), nothing of it is returned. The rest
 *   of the request is read before refusing, so the client, which is still sending, gets the answer.
 */
export async function readSingleUpload(request: FastifyRequest, given: Partial<UploadOptions> = {}): Promise<UploadedFile> {
  // the route declares its limit in config.upload, which the API description shows too
  const options = { ...request.routeOptions.config.upload, ...given };
  const { maxBytes, what = 'file' } = options;
  if (maxBytes === undefined) throw new Error(`Route ${request.routeOptions.url} reads an upload but declares no config.upload`);
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) throw notMultipart(what);

  let file: UploadedFile | undefined;
  let tooLarge = false;
  let files = 0;
  const otherFields: string[] = [];
  try {
    // throwFileSizeLimit off: the limit is checked here, once the whole part is read
    for await (const part of request.parts(partsOptions(maxBytes)) as AsyncIterable<Multipart>) {
      if (part.type !== 'file') continue;
      files++;
      if (part.fieldname !== UploadField || files > 1) {
        if (part.fieldname !== UploadField) otherFields.push(part.fieldname);
        await drain(part);
        continue;
      }
      const read = await readPart(part, maxBytes);
      if (read.truncated) tooLarge = true;
      else file = { data: read.data, fileName: part.filename ?? '', mimeType: part.mimetype };
    }
  } catch (e) {
    throw multipartError(e, { what, maxBytes, tooLarge: options.tooLarge, tooMany: () => badRequest(`Send one ${what} only.`, fileDetail('Only one file')) });
  }
  if (files > 1) throw badRequest(`Send one ${what} only.`, fileDetail('Only one file'));
  if (tooLarge) throw options.tooLarge?.() ?? uploadTooLarge(what, maxBytes);
  if (!file) {
    if (otherFields.length) {
      throw badRequest(`Send the ${what} in the form field named ${UploadField} (this request has ${otherFields.join(', ')}).`, fileDetail('Required'));
    }
    throw badRequest('The request holds no file.', fileDetail('Required'));
  }
  return file;
}

/**
 * One or more files of a multipart/form-data request, each in a field named `file`, read whole (a route that takes
 * several, such as a file library's upload); with `fields`, the request's text fields are put there too (at most
 * PartLimits.fieldSize bytes each). The same rules as readSingleUpload: not multipart 415, no file 400,
 * malformed 400, any file over the route's `maxBytes` 413 (and none is returned); more than `maxFiles` 400; all
 * of them together over `maxTotalBytes` 413 (what is held in memory at once).
 */
export async function readUploads(
  request: FastifyRequest,
  limits: { maxFiles: number; maxTotalBytes: number; fields?: Record<string, string> },
): Promise<UploadedFile[]> {
  const { maxFiles, maxTotalBytes, fields } = limits;
  const options = request.routeOptions.config.upload;
  if (!options) throw new Error(`Route ${request.routeOptions.url} reads uploads but declares no config.upload`);
  const { maxBytes, what } = options;
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) throw notMultipart(what);

  const files: UploadedFile[] = [];
  const tooLarge: string[] = [];
  const otherFields: string[] = [];
  let count = 0;
  let total = 0;
  const partLimits = { limits: { ...PartLimits, files: maxFiles + 1, parts: maxFiles + PartLimits.fields + 1, fileSize: maxBytes }, throwFileSizeLimit: false };
  try {
    for await (const part of request.parts(partLimits as Parameters<FastifyRequest['parts']>[0]) as AsyncIterable<Multipart>) {
      if (part.type !== 'file') {
        // text fields the route asked for (`fields`: their values land there); the others are ignored
        if (fields && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== UploadField) {
        otherFields.push(part.fieldname);
        await drain(part);
        continue;
      }
      count++;
      if (count > maxFiles || total > maxTotalBytes) {
        await drain(part);
        continue;
      }
      const read = await readPart(part, maxBytes);
      total += read.data.length;
      if (read.truncated) tooLarge.push(part.filename || 'file');
      // over the total, nothing more is kept (the request is refused below)
      else if (total <= maxTotalBytes) files.push({ data: read.data, fileName: part.filename ?? '', mimeType: part.mimetype });
    }
  } catch (e) {
    throw multipartError(e, {
      what,
      maxBytes,
      tooLarge: options.tooLarge,
      tooMany: () => badRequest(`Send at most ${maxFiles} files at once.`, fileDetail(`At most ${maxFiles} files`)),
    });
  }
  if (count > maxFiles) throw badRequest(`Send at most ${maxFiles} files at once.`, fileDetail(`At most ${maxFiles} files`));
  if (tooLarge.length) {
    throw uploadTooLarge(what, maxBytes, `${tooLarge.join(', ')}: larger than the limit of ${formatLimit(maxBytes)} per ${what}.`);
  }
  if (total > maxTotalBytes) {
    throw uploadTooLarge(what, maxTotalBytes, `The files together are larger than ${formatLimit(maxTotalBytes)}: send them in several requests.`);
  }
  if (files.length === 0) {
    if (otherFields.length) {
      throw badRequest(`Send the files in form fields named ${UploadField} (this request has ${otherFields.join(', ')}).`, fileDetail('Required'));
    }
    throw badRequest('The request holds no file.', fileDetail('Required'));
  }
  return files;
}
