// Agent avatars: uploads checked by their content (not their name), stored in the blob store, and a
// generated identicon for every agent without one, so that the UI always gets an image.
import { createHash, randomUUID } from 'node:crypto';
import { toSvg } from 'jdenticon';
import { AgentAvatarMaxBytes, canSeeAdmin, type AgentAvatarContentTypes } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { uploadTooLarge } from '../../platform/uploads.js';
import { fitImage, ImageSides, ImageUnreadableError } from '../../platform/images.js';
import * as repo from './agents.repository.js';
import { mayManage } from './agents.policy.js';
import { agentChanged, avatarUrl, mayChatWith } from './agents.service.js';
import { mayAdminister } from './agents.policy.js';

type AvatarContentType = (typeof AgentAvatarContentTypes)[number];

export interface AvatarFile {
  body: Buffer;
  contentType: string;
  etag: string;
}

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type the bytes really are, or null; the client's declared type and file name are ignored. */
export function sniffImageType(data: Buffer): AvatarContentType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  // SVG is text: an optional BOM, XML prolog, comments or doctype, then an <svg> root element.
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
  if (/^<svg[\s>]/i.test(rest)) return 'image/svg+xml';
  return null;
}

// Bump when the look of generated avatars changes, so that caches let go of the old ones.
const DefaultAvatarVersion = 1;
const defaultEtag = (agentId: string) => `"default-${DefaultAvatarVersion}-${createHash('sha256').update(agentId).digest('hex').slice(0, 24)}"`;

/** A deterministic identicon of the agent id: the same agent always looks the same. */
export function defaultAvatar(agentId: string): AvatarFile {
  const svg = toSvg(agentId, 256, { backColor: '#ffffffff', padding: 0.12 });
  return { body: Buffer.from(svg, 'utf8'), contentType: 'image/svg+xml', etag: defaultEtag(agentId) };
}

/** Who may see an agent's avatar: those who administer the agent, and those who may chat with it (404 for the rest). */
async function maySeeAvatar(ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, agent: repo.AgentRow): Promise<boolean> {
  if (mayManage(principal, agent)) return true;
  if (canSeeAdmin([...principal.actions]) && mayAdminister(principal, agent)) return true;
  return mayChatWith(ctx, principal, agent);
}

export async function readAvatar(ctx: Pick<AppContext, 'db' | 'caches' | 'blobs'>, principal: Principal, gptSystemId: string): Promise<AvatarFile> {
  const agent = await repo.findAgent(ctx.db, gptSystemId);
  if (!agent || agent.isDeleted || !(await maySeeAvatar(ctx, principal, agent))) throw notFound('The agent');
  if (agent.avatarBlobKey && agent.avatarContentType) {
    const body = await ctx.blobs.get(agent.avatarBlobKey);
    if (body) return { body, contentType: agent.avatarContentType, etag: `"${agent.avatarBlobKey.split('/').pop()}"` };
  }
  return defaultAvatar(agent.id);
}

async function manageable(ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, gptSystemId: string) {
  const agent = await repo.findAgent(ctx.db, gptSystemId);
  if (!agent || agent.isDeleted) throw notFound('The agent');
  if (!mayManage(principal, agent)) throw forbidden('You may not change this agent.');
  return agent;
}

export const tooLarge = () => uploadTooLarge('avatar', AgentAvatarMaxBytes);

/**
 * An uploaded avatar as it is stored: a raster image within ImageSides.icon pixels a side (re-encoded in its
 * format when larger; 413 over the pixel limit), an SVG as it is (it has no pixels to count).
 */
export async function avatarImage(data: Buffer): Promise<{ data: Buffer; contentType: AvatarContentType }> {
  if (data.length === 0) throw badRequest('The avatar file is empty.', [{ field: 'file', message: 'The file is empty' }]);
  if (data.length > AgentAvatarMaxBytes) throw tooLarge();
  const contentType = sniffImageType(data);
  if (!contentType) {
    throw badRequest('The avatar must be a PNG, JPEG, GIF, WebP or SVG image.', [{ field: 'file', message: 'Unsupported image type' }]);
  }
  if (contentType === 'image/svg+xml') return { data, contentType };
  try {
    return { data: (await fitImage(data, { maxSide: ImageSides.icon, what: 'avatar' })).data, contentType };
  } catch (e) {
    if (e instanceof ImageUnreadableError)
      throw badRequest('The avatar could not be read; it may be damaged.', [{ field: 'file', message: 'Unreadable image' }]);
    throw e;
  }
}

/** Stores a new avatar and points the agent at it; the old blob goes only after the switch is committed. */
export async function uploadAvatar(
  ctx: Pick<AppContext, 'db' | 'caches' | 'blobs'>,
  principal: Principal,
  gptSystemId: string,
  data: Buffer,
): Promise<{ gptSystemId: string; avatarUrl: string }> {
  const agent = await manageable(ctx, principal, gptSystemId);
  const avatar = await avatarImage(data);
  const { contentType } = avatar;
  const blobKey = `agents/${agent.id}/avatar-${randomUUID()}`;
  await ctx.blobs.put(blobKey, avatar.data, contentType);
  try {
    await repo.setAvatar(ctx.db, {
      gptSystemId: agent.id,
      blobKey,
      contentType,
      before: { blobKey: agent.avatarBlobKey, contentType: agent.avatarContentType },
      actor: { userId: principal.userId, userName: principal.displayName },
    });
    agentChanged(ctx, agent.id);
  } catch (e) {
    await ctx.blobs.delete(blobKey).catch(() => undefined);
    throw e;
  }
  if (agent.avatarBlobKey) await ctx.blobs.delete(agent.avatarBlobKey).catch(() => undefined);
  return { gptSystemId: agent.id, avatarUrl: avatarUrl({ id: agent.id, avatarBlobKey: blobKey }) };
}

/** Back to the generated default; idempotent. */
export async function deleteAvatar(ctx: Pick<AppContext, 'db' | 'caches' | 'blobs'>, principal: Principal, gptSystemId: string): Promise<void> {
  const agent = await manageable(ctx, principal, gptSystemId);
  if (!agent.avatarBlobKey) return;
  await repo.setAvatar(ctx.db, {
    gptSystemId: agent.id,
    blobKey: null,
    contentType: null,
    before: { blobKey: agent.avatarBlobKey, contentType: agent.avatarContentType },
    actor: { userId: principal.userId, userName: principal.displayName },
  });
  agentChanged(ctx, agent.id);
  await ctx.blobs.delete(agent.avatarBlobKey).catch(() => undefined);
}
