// Reading zip archives from people (DOCX now; PPTX, XLSX and EPUB are zips too) without letting one unpack
// into gigabytes. Every entry is inflated here, its real bytes counted while they stream, against three
// limits: the number of entries, the total unpacked bytes and how many times larger than its compressed
// bytes an entry grows. The sizes an archive declares are used only to refuse early, never to accept.
//
// A parser is then given a new archive built from exactly the entries measured here (cleanZip), never the
// upload: zip readers disagree on malformed archives (an entry count that understates the central
// directory, bytes before the first entry), and a parser reading the upload itself could find entries
// that were never measured.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import JSZip from 'jszip';

export interface ArchiveLimits {
  /** entries, folders included */
  maxEntries: number;
  /** the sum of every entry's unpacked bytes */
  maxUnpackedBytes: number;
  /** unpacked bytes per compressed byte of an entry, checked as it inflates once it has passed RatioGraceBytes */
  maxRatio: number;
}

/**
 * Office documents compress their XML about 5–20 times; a zip bomb about 1,000 times (deflate's ceiling is
 * 1,032). 64 MB unpacked holds any document whose text we keep (MaxExtractedChars) with room for its images.
 */
export const DefaultArchiveLimits: ArchiveLimits = { maxEntries: 10_000, maxUnpackedBytes: 64 * 1024 * 1024, maxRatio: 100 };

/** Small entries may compress far better than documents do (a run of spaces); the ratio counts above this. */
export const RatioGraceBytes = 1024 * 1024;

/** Compressed bytes handed to the inflater at a time, so that its ratio is known while it runs. */
const FeedBytes = 16 * 1024;

export type ArchiveLimit = 'entries' | 'unpackedBytes' | 'ratio';

/** The archive exceeds a limit: not damaged, refused. */
export class ArchiveLimitError extends Error {
  constructor(
    readonly limit: ArchiveLimit,
    readonly value: number,
    message: string,
  ) {
    super(message);
    this.name = 'ArchiveLimitError';
  }
}

export interface ArchiveEntry {
  name: string;
  data: Buffer;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const tooManyEntries = (limits: ArchiveLimits) =>
  new ArchiveLimitError('entries', limits.maxEntries, `The archive has more than ${limits.maxEntries} entries.`);
const tooLarge = (limits: ArchiveLimits) =>
  new ArchiveLimitError('unpackedBytes', limits.maxUnpackedBytes, `The archive unpacks to more than ${mb(limits.maxUnpackedBytes)}.`);
const tooDense = (limits: ArchiveLimits, name: string) =>
  new ArchiveLimitError('ratio', limits.maxRatio, `${name} unpacks to more than ${limits.maxRatio} times its compressed size.`);

/** Slices of a stream's chunks, at most `size` bytes each (no copies). */
async function* slices(chunks: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) for (let at = 0; at < chunk.length; at += size) yield chunk.subarray(at, at + size);
}

/**
 * Inflates one deflated entry, counting what it has been fed and what came out after every piece: the
 * inflater waits for each piece to be read (zlib keeps to the stream's backpressure within a chunk), so
 * a bomb is stopped a few megabytes in.
 */
async function inflateMeasured(raw: Readable, onBytes: (unpacked: number, compressed: number) => void): Promise<Buffer[]> {
  const inflater = zlib.createInflateRaw();
  let fed = 0;
  const feeder = Readable.from(slices(raw, FeedBytes)).on('data', (piece: Buffer) => (fed += piece.length));
  feeder.pipe(inflater);
  feeder.on('error', (e) => inflater.destroy(e));
  const out: Buffer[] = [];
  let unpacked = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      onBytes(unpacked, fed);
      out.push(chunk);
    }
  } finally {
    feeder.destroy();
    raw.destroy();
    inflater.destroy();
  }
  return out;
}

/**
 * Every entry of a zip archive, unpacked within `limits`: ArchiveLimitError when one is exceeded, other
 * errors when the archive is damaged, encrypted or uses a compression other than deflate.
 */
export async function readZip(data: Buffer, limits: ArchiveLimits = DefaultArchiveLimits): Promise<ArchiveEntry[]> {
  // validateEntrySizes off: the bytes are counted here, so a lying size meets the limits, not an error
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: false, decodeStrings: true, strictFileNames: false });
  try {
    if (zip.entryCount > limits.maxEntries) throw tooManyEntries(limits);
    const entries: ArchiveEntry[] = [];
    let count = 0;
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      if (++count > limits.maxEntries) throw tooManyEntries(limits);
      if (entry.fileName.endsWith('/')) continue;
      if (entry.isEncrypted()) throw new Error(`${entry.fileName} is encrypted.`);
      // an honest declaration over the limit is refused before inflating anything
      if (total + entry.uncompressedSize > limits.maxUnpackedBytes) throw tooLarge(limits);
      const raw = await zip.openReadStreamPromise(entry, { decodeFileData: false });
      let chunks: Buffer[];
      if (entry.compressionMethod === 0) {
        // stored: its bytes are its compressed bytes, already bounded by the upload
        chunks = [];
        for await (const chunk of raw as AsyncIterable<Buffer>) chunks.push(chunk);
      } else if (entry.compressionMethod === 8) {
        const before = total;
        chunks = await inflateMeasured(raw, (unpacked, compressed) => {
          if (before + unpacked > limits.maxUnpackedBytes) throw tooLarge(limits);
          if (unpacked > RatioGraceBytes && unpacked > compressed * limits.maxRatio) throw tooDense(limits, entry.fileName);
        });
      } else {
        raw.destroy();
        throw new Error(`${entry.fileName} uses compression method ${entry.compressionMethod}, which is not read.`);
      }
      const bytes = Buffer.concat(chunks);
      total += bytes.length;
      if (total > limits.maxUnpackedBytes) throw tooLarge(limits);
      entries.push({ name: entry.fileName, data: bytes });
    }
    return entries;
  } finally {
    zip.close();
  }
}

/** A new zip of these entries, stored without compression: what a parser reads instead of the upload. */
export async function cleanZip(entries: ArchiveEntry[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const entry of entries) zip.file(entry.name, entry.data, { binary: true, createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}
