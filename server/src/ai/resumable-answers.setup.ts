// The resumable answers of a process: in memory alone, on Redis streams and publish/subscribe with REDIS_URL (where the
// answers of a process that dies are also taken over by another, platform/answer-leases.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { AnswerBus } from '../platform/answer-bus.js';
import { MemoryAnswerLog, RedisAnswerLog } from '../platform/answer-log.js';
import { BeatMs, DeadAfterMs, NoLeases, RedisAnswerLeases } from '../platform/answer-leases.js';
import { ProcessId } from '../platform/server-processes.js';
import { ResumableAnswers } from './resumable-answers.js';

/** `deployment`: what the processes of one deployment share and others' do not (the signing key's fingerprint) */
export function createResumableAnswers(config: Pick<Config, 'redisUrl' | 'answerResume'>, logger: FastifyBaseLogger, deployment: string): ResumableAnswers {
  const { keepMs, graceMs } = config.answerResume;
  const log = config.redisUrl ? new RedisAnswerLog(config.redisUrl, keepMs, logger) : new MemoryAnswerLog(keepMs);
  // another deployment on the same Redis never takes this one's answers (it could not find them in its database)
  const leases = config.redisUrl
    ? new RedisAnswerLeases(config.redisUrl, ProcessId, logger, { beatMs: BeatMs, deadAfterMs: DeadAfterMs, keyPrefix: `atrium:${deployment}` })
    : NoLeases;
  return new ResumableAnswers(log, new AnswerBus({ redisUrl: config.redisUrl, logger }), graceMs, leases);
}
