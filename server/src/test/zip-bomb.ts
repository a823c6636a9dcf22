// Zip bombs for tests and benches, made in memory in a moment: a DOCX whose word/document.xml inflates to
// any size from a file about a thousand times smaller, as the hardening issue's attacker sent it.
//
// The deflate stream is one megabyte of text compressed once and repeated: each piece ends with a full
// flush (byte-aligned, no final block, no reference to earlier bytes), so copies of it in a row are one
// valid stream; a last piece closes it. No zip writer takes data already compressed, so the zip around it
// is written here, with its real CRC-32 and sizes (or, with `declaredBytes`, a lie about the size).
import zlib from 'node:zlib';

const MiB = 1024 * 1024;

interface Piece {
  name: string;
  /** deflated bytes */
  deflated: Buffer;
  crc: number;
  size: number;
  /** what the headers say the size is */
  declared?: number;
}

const flushed = (data: Buffer) => zlib.deflateRawSync(data, { finishFlush: zlib.constants.Z_FULL_FLUSH });

function deflatedPiece(name: string, data: Buffer): Piece {
  return { name, deflated: zlib.deflateRawSync(data), crc: zlib.crc32(data), size: data.length };
}

/** `head`, then `repeat` megabytes of `fill`, then `tail`, deflated as one stream. */
function repeatedPiece(name: string, head: string, fill: string, repeat: number, tail: string): Piece {
  const block = Buffer.alloc(MiB, fill);
  const headBytes = Buffer.from(head);
  const tailBytes = Buffer.from(tail);
  let crc = zlib.crc32(headBytes);
  for (let i = 0; i < repeat; i++) crc = zlib.crc32(block, crc);
  crc = zlib.crc32(tailBytes, crc);
  const blockDeflated = flushed(block);
  const deflated = Buffer.concat([flushed(headBytes), ...Array.from({ length: repeat }, () => blockDeflated), zlib.deflateRawSync(tailBytes)]);
  return { name, deflated, crc, size: headBytes.length + repeat * MiB + tailBytes.length };
}

/** A zip of these pieces, all deflated (method 8), with sizes as 32-bit fields (no ZIP64: under 4 GB). */
function zipOf(pieces: Piece[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of pieces) {
    const name = Buffer.from(p.name);
    const declared = p.declared ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.deflated.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + p.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(pieces.length, 8);
  end.writeUInt16LE(pieces.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const ContentTypes =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const Rels =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

export interface BombOptions {
  /** megabytes word/document.xml inflates to (1,536 for the 1.5 GB) */
  unpackedMb: number;
  /** the size the headers declare for it; its real size by default */
  declaredBytes?: number;
  /** the character the text repeats */
  fill?: string;
}

/** A DOCX (by its content: [Content_Types].xml, word/document.xml) whose document is one huge paragraph. */
export function docxBomb({ unpackedMb, declaredBytes, fill = 'A' }: BombOptions): Buffer {
  const document = repeatedPiece(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>',
    fill,
    unpackedMb,
    '</w:t></w:r></w:p></w:body></w:document>',
  );
  if (declaredBytes !== undefined) document.declared = declaredBytes;
  return zipOf([deflatedPiece('[Content_Types].xml', Buffer.from(ContentTypes)), deflatedPiece('_rels/.rels', Buffer.from(Rels)), document]);
}

/** A zip of `count` tiny entries: too many, though small. */
export function zipOfManyEntries(count: number): Buffer {
  return zipOf(Array.from({ length: count }, (_, i) => deflatedPiece(`part-${i}.txt`, Buffer.from(`part ${i}`))));
}
