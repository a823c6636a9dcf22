// The continuation token of a list paged by (created at, id), newest first: the last row's microsecond creation key
// and id, base64url JSON. The audit log and moderation reports page this way.
import { badRequest } from './errors.js';

export interface CreatedAtPageAfter {
  /** the last row's created_at as PostgreSQL's microsecond ISO text */
  createdAt: string;
  id: string;
}

export const encodePageToken = (row: { createdAtKey: string; id: string }): string =>
  Buffer.from(JSON.stringify([row.createdAtKey, row.id])).toString('base64url');

/** The position a token names; 400 for anything a previous page did not give. */
export function decodePageToken(token: string): CreatedAtPageAfter {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof createdAt === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt) &&
      typeof id === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ) {
      return { createdAt, id };
    }
  } catch {
    // falls through to the refusal
  }
  throw badRequest('The continuation token is not valid.', [{ field: 'continuationToken', message: 'Use the token of a previous page' }]);
}
