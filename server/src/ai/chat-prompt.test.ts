import { describe, expect, it } from 'vitest';
import { generatedImageMarkdown } from '@atrium/contract';
import { answerForModel, buildMessages, type LineageSegment } from './chat-prompt.js';
import type { ResolvedDeployment } from './model.types.js';

const deployment: ResolvedDeployment = {
  deploymentId: 'd1',
  name: 'gpt-4o',
  displayName: 'GPT-4o',
  model: 'gpt-4o',
  providerType: 'OpenAICompatible',
  category: 'OpenAI',
  vision: true,
  tools: true,
  hipaaCompliant: false,
  contextWindow: null,
  maxOutputTokens: null,
};

const link = { title: 'A red fox', uri: '/api/internal/generatedImages/c1/s1/k3y-SECRET_value/fox.png' };

describe('answerForModel', () => {
  it('names a created image by its title instead of linking it, and keeps other images and text', () => {
    const answer = `Here it is.${generatedImageMarkdown(link)}And ![chart](https://example.com/chart.png) stays.`;
    expect(answerForModel(answer)).toBe('Here it is.\n\n[image created: A red fox]\n\nAnd ![chart](https://example.com/chart.png) stays.');
  });
});

describe('buildMessages', () => {
  it('resends an earlier answer without the key of the image it created', () => {
    const lineage: LineageSegment[] = [{ id: 's1', parentSegmentId: null, question: 'Draw a fox', answer: `Done.${generatedImageMarkdown(link)}` }];
    const messages = buildMessages(lineage, { role: 'user', content: 'Make it blue' }, 'system', deployment);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[1]!.content).toContain('[image created: A red fox]');
    expect(JSON.stringify(messages)).not.toContain('k3y-SECRET_value');
  });
});
