// Real files for upload tests: images made by sharp, a minimal one-page PDF and multipart bodies, and images
// of any pixel size made in a moment (blackPng) or wrapped as icons (icoOf).
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

export const makePng = (width = 640, height = 480, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A one-page PDF whose page shows `text` (Helvetica); enough for pdf.js to extract it. */
export function makePdf(text: string): Buffer {
  const esc = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 72 720 Td (${esc}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  return pdfOf(objects);
}

/** A PDF file of these objects (numbered from 1, the first the catalog), with its cross-reference table; `trailer` adds to the trailer. */
export function pdfOf(objects: readonly string[], trailer = ''): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export function multipart(data: Buffer, fileName: string, contentType = 'application/octet-stream', field = 'file') {
  const boundary = `----atrium${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const payload = Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal DOCX with one paragraph (JSZip comes with mammoth, which reads DOCX for the server). */
export async function makeDocx(text: string): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const MiB = 1024 * 1024;

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real PNG of any size in a moment: black greyscale, its pixel data all zero bytes, deflated as a megabyte of
 * zeros compressed once and repeated (each copy ends with a full flush, so copies in a row are one valid
 * stream). A 20000 × 20000 image comes out at about 400 kB, as the hardening issue's attacker sent it; sharp
 * would take seconds to encode it.
 */
export function blackPng(width: number, height: number): Buffer {
  // each row: filter byte 0, then one zero byte per pixel
  const total = height * (width + 1);
  const block = zlib.deflateRawSync(Buffer.alloc(MiB), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const blocks = Math.floor(total / MiB);
  const deflated = Buffer.concat([...Array.from({ length: blocks }, () => block), zlib.deflateRawSync(Buffer.alloc(total - blocks * MiB))]);
  // zlib wrapper: header, raw deflate, Adler-32 of the data (all zeros: a = 1, b = length mod 65521)
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0, 0);
  const idat = Buffer.concat([Buffer.from([0x78, 0x9c]), deflated, adler]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO file holding these images (PNG or BMP bytes), each with the size its directory entry claims. */
export function icoOf(images: { data: Buffer; side: number }[]): Buffer {
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach((image, i) => {
    const at = 6 + 16 * i;
    head[at] = image.side >= 256 ? 0 : image.side;
    head[at + 1] = image.side >= 256 ? 0 : image.side;
    head.writeUInt16LE(1, at + 4);
    head.writeUInt16LE(32, at + 6);
    head.writeUInt32LE(image.data.length, at + 8);
    head.writeUInt32LE(offset, at + 12);
    offset += image.data.length;
  });
  return Buffer.concat([head, ...images.map((image) => image.data)]);
}
