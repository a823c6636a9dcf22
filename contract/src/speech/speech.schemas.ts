import { z } from 'zod';
import { SpeechMaxSentenceIndex, VoicePattern } from './speech.constants.js';

export const SegmentSpeechParamsSchema = z.object({ conversationId: z.string().uuid(), segmentId: z.string().uuid() });

export const SegmentSpeechQuerySchema = z.object({
  /** the sentence of the answer to read (splitSentences); without it, the whole answer (cut at SpeechInputMaxChars) */
  sentence: z.coerce.number().int().min(0).max(SpeechMaxSentenceIndex).optional(),
  /** a voice of the Speech deployment; without it, the deployment's default (DefaultVoice) */
  voice: z.string().regex(VoicePattern, 'Use a voice name such as alloy').optional(),
});
export type SegmentSpeechQuery = z.infer<typeof SegmentSpeechQuerySchema>;

/** GET /speech/options: how answers are read aloud here. */
export const SpeechOptionsSchema = z.object({
  /** "Server": through the instance's Speech deployment (segmentSpeech); "Browser": the browser's own speech synthesis */
  engine: z.enum(['Server', 'Browser']),
  /** the Speech deployment's display name, when there is one */
  deploymentName: z.string().nullable(),
  /** voices a listener may choose (empty: the deployment's own voice only) */
  voices: z.array(z.string()),
  defaultVoice: z.string().nullable(),
});
export type SpeechOptions = z.infer<typeof SpeechOptionsSchema>;
