// Avatars of configuration states: the quick-create identicon or an upload, checked by content like
// agent avatars, carried over to the agent by createGptSystem/updateGptSystem.
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../../platform/access.js';
import { recordAudit } from '../../../platform/audit.js';
import { avatarImage, defaultAvatar, type AvatarFile } from '../agents.avatar.js';
import * as repo from './config-states.repository.js';
import type { ConfigStateRow } from './config-states.repository.js';
import { configStateAvatarUrl, type StatesCtx } from './config-states.service.js';
import { auditActorOf } from '../../../platform/access.js';

export async function readConfigStateAvatar(ctx: StatesCtx, row: ConfigStateRow): Promise<AvatarFile> {
  if (row.avatarBlobKey && row.avatarContentType) {
    const body = await ctx.blobs.get(row.avatarBlobKey);
    if (body) return { body, contentType: row.avatarContentType, etag: `"${row.avatarBlobKey.split('/').pop()}"` };
  }
  return defaultAvatar(row.id);
}

async function setAvatar(ctx: StatesCtx, principal: Principal, row: ConfigStateRow, blobKey: string | null, contentType: string | null) {
  await ctx.db.transaction(async (tx) => {
    await repo.updateConfigState(tx, row.id, { avatarBlobKey: blobKey, avatarContentType: contentType });
    await recordAudit(tx, {
      aggregateType: 'GptSystemConfigurationState',
      aggregateId: row.id,
      domainOperation: blobKey ? 'UpdateAvatar' : 'DeleteAvatar',
      actor: auditActorOf(principal),
      before: { blobKey: row.avatarBlobKey },
      after: { blobKey },
    });
  });
}

export async function uploadConfigStateAvatar(ctx: StatesCtx, principal: Principal, row: ConfigStateRow, data: Buffer) {
  const avatar = await avatarImage(data);
  const { contentType } = avatar;
  const blobKey = `config-states/${row.id}/avatar-${randomUUID()}`;
  await ctx.blobs.put(blobKey, avatar.data, contentType);
  try {
    await setAvatar(ctx, principal, row, blobKey, contentType);
  } catch (e) {
    await ctx.blobs.delete(blobKey).catch(() => undefined);
    throw e;
  }
  if (row.avatarBlobKey) await ctx.blobs.delete(row.avatarBlobKey).catch(() => undefined);
  return { configStateId: row.id, avatarUrl: configStateAvatarUrl({ id: row.id, avatarBlobKey: blobKey }) };
}

export async function deleteConfigStateAvatar(ctx: StatesCtx, principal: Principal, row: ConfigStateRow): Promise<void> {
  if (!row.avatarBlobKey) return;
  await setAvatar(ctx, principal, row, null, null);
  await ctx.blobs.delete(row.avatarBlobKey).catch(() => undefined);
}
