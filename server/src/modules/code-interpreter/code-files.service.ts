// Files the code interpreter made (other than images, which the generated-images module keeps): stored in the blob
// store under their conversation and segment, and downloaded only by the person whose conversation it is (anyone
// else, a deleted conversation or a lost file: 404). The key holds everything the download needs; a row per file
// (code_interpreter_files, gone with its segment or conversation) is what the conversation's list of files reads.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { ApiBase, CodeInterpreterRoutes, pathTo, type CodeInterpreterFileList } from '@atrium/contract';
import { codeInterpreterFiles } from '../../db/schema/index.js';
import type { AppContext, DbContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import type { CodeFileStore } from '../../ai/tools/run-code.js';
import { ownSegmentOf } from '../conversations/conversations.lookup.js';

const UuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** safeFileName's output (run-code.ts) */
const FileNamePattern = /^[A-Za-z0-9-][A-Za-z0-9._-]{0,99}$/;

/** What a browser is told a file is; anything that could run in a page (HTML, SVG) is plain bytes. */
const ContentTypes: Record<string, string> = {
  '.csv': 'text/csv; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.json': 'application/json',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
};

export const blobKey = (conversationId: string, segmentId: string, fileId: string, name: string) =>
  `code-interpreter/${conversationId}/${segmentId}/${fileId}/${name}`;

const contentTypeOf = (fileName: string) => ContentTypes[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
const downloadPath = (f: { conversationId: string; segmentId: string; fileId: string; fileName: string }) =>
  `${ApiBase}${pathTo(CodeInterpreterRoutes.file, f)}`;

/** Keeps a produced file: the bytes first, then its row (the turn's segment exists: run-code.ts persists it first). */
export function createCodeFileStore(ctx: Pick<AppContext, 'blobs' | 'db'>): CodeFileStore {
  return {
    async save(file) {
      const fileId = randomUUID();
      const contentType = contentTypeOf(file.name);
      await ctx.blobs.put(blobKey(file.conversationId, file.segmentId, fileId, file.name), file.data, contentType);
      await ctx.db.insert(codeInterpreterFiles).values({
        id: fileId,
        conversationId: file.conversationId,
        segmentId: file.segmentId,
        fileName: file.name,
        contentType,
        byteSize: file.data.length,
      });
      return { uri: downloadPath({ conversationId: file.conversationId, segmentId: file.segmentId, fileId, fileName: file.name }) };
    },
  };
}

/**
 * The files the code interpreter made in a conversation, oldest first; the caller has checked that the conversation
 * is theirs (files of earlier versions, made before the table, are not listed: their links in the answers still work).
 */
export async function listCodeFiles({ db }: DbContext, conversationId: string): Promise<CodeInterpreterFileList> {
  const f = codeInterpreterFiles;
  const rows = await db.select().from(f).where(eq(f.conversationId, conversationId)).orderBy(asc(f.createdAt), asc(f.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      fileName: r.fileName,
      size: r.byteSize,
      contentType: r.contentType,
      conversationSegmentId: r.segmentId,
      createdAt: r.createdAt.toISOString(),
      downloadUrl: downloadPath({ conversationId: r.conversationId, segmentId: r.segmentId, fileId: r.id, fileName: r.fileName }),
    })),
    continuationToken: null,
  };
}

export interface CodeFileAddress {
  conversationId: string;
  segmentId: string;
  fileId: string;
  fileName: string;
}

/** The file at the address, for the owner of its conversation; 404 whatever is wrong (the answer never says which part). */
export async function readCodeFile(
  ctx: Pick<AppContext, 'db' | 'blobs'>,
  principal: Principal,
  address: CodeFileAddress,
): Promise<{ data: Buffer; contentType: string; fileName: string }> {
  const missing = () => notFound('The file');
  const ids = [address.conversationId, address.segmentId, address.fileId].map((id) => id.toLowerCase());
  if (!ids.every((id) => UuidPattern.test(id)) || !FileNamePattern.test(address.fileName)) throw missing();
  const [conversationId, segmentId, fileId] = ids as [string, string, string];
  const own = await ownSegmentOf(ctx, principal.userId, conversationId, segmentId);
  if (!own?.segment) throw missing();
  const data = await ctx.blobs.get(blobKey(conversationId, segmentId, fileId, address.fileName));
  if (!data) throw missing();
  return { data, contentType: contentTypeOf(address.fileName), fileName: address.fileName };
}
