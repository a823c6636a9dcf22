// Files the server hands out for saving or showing: one Content-Disposition rule (RFC 6266: an ASCII
// fallback name and the UTF-8 name, RFC 5987) and one way to send a generated text file.
import type { FastifyReply } from 'fastify';

/** `attachment` (save) or `inline` (show) with the file's name; names are never trusted to be header-safe. */
export function contentDisposition(disposition: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["%;\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A generated text file to save (an exported conversation): never cached, since it holds what people wrote. */
export function sendTextDownload(reply: FastifyReply, file: { fileName: string; text: string }): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .type('text/plain; charset=utf-8')
    .send(file.text);
}
