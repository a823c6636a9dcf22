// The resumable answers of a process: in memory alone, on Redis streams and publish/subscribe with REDIS_URL.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { AnswerBus } from '../platform/answer-bus.js';
import { MemoryAnswerLog, RedisAnswerLog } from '../platform/answer-log.js';
import { ResumableAnswers } from './resumable-answers.js';

export function createResumableAnswers(config: Pick<Config, 'redisUrl' | 'answerResume'>, logger: FastifyBaseLogger): ResumableAnswers {
  const { keepMs, graceMs } = config.answerResume;
  const log = config.redisUrl ? new RedisAnswerLog(config.redisUrl, keepMs, logger) : new MemoryAnswerLog(keepMs);
  return new ResumableAnswers(log, new AnswerBus({ redisUrl: config.redisUrl, logger }), graceMs);
}
