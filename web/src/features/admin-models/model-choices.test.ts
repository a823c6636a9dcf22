import type { Connection, Deployment } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { defaultsByKind, deploymentNameOf, formatPrice, formatTokens, numberOf, uniqueName } from './model-choices';

describe('deployment names from model ids', () => {
  it('keeps what the contract accepts and replaces the rest', () => {
    expect(deploymentNameOf('llama3.1:8b')).toBe('llama3.1:8b');
    expect(deploymentNameOf('black-forest-labs/FLUX.1-schnell')).toBe('black-forest-labs/FLUX.1-schnell');
    expect(deploymentNameOf('@cf/meta/llama|3')).toBe('cf/meta/llama-3');
    expect(deploymentNameOf('***')).toBe('model');
    expect(deploymentNameOf('x'.repeat(150))).toHaveLength(100);
  });

  it('adds a number when another deployment has the name, without regard to case', () => {
    expect(uniqueName('gpt-4o', ['other'])).toBe('gpt-4o');
    expect(uniqueName('gpt-4o', ['GPT-4O', 'gpt-4o-2'])).toBe('gpt-4o-3');
  });
});

describe('the defaults of each kind', () => {
  const deployment = (name: string, kind: Deployment['kind'], isDefault: boolean) => ({ name, kind, isDefault }) as Deployment;
  it('finds the default chat, image and embedding deployments, or none', () => {
    const a = { name: 'A', deployments: [deployment('chat', 'Chat', true), deployment('other', 'Chat', false)] } as Connection;
    const b = { name: 'B', deployments: [deployment('draw', 'ImageGeneration', true), deployment('embed', 'Embedding', true)] } as Connection;
    const found = defaultsByKind([a, b]);
    expect([found.Chat?.deployment.name, found.Chat?.connection.name, found.ImageGeneration?.deployment.name, found.Embedding?.deployment.name]).toEqual([
      'chat',
      'A',
      'draw',
      'embed',
    ]);
    expect(defaultsByKind([])).toEqual({ Chat: null, ImageGeneration: null, Embedding: null, Rerank: null, Speech: null });
  });
});

describe('numbers as people read and type them', () => {
  it('writes limits short and prices in dollars', () => {
    expect([128_000, 1_048_576, 200_000, 8192, 16_384].map((n) => formatTokens(n))).toEqual(['128K', '1M', '200K', '8,192', '16.4K']);
    expect([2.5, 0.075, 10, 0.000001].map((n) => formatPrice(n))).toEqual(['$2.50', '$0.075', '$10.00', '$0.000001']);
  });

  it('reads a field as a number, empty as null, and anything else as an error', () => {
    expect(['', ' 128000 ', '2.5', '1,000', 'abc'].map(numberOf)).toEqual([null, 128000, 2.5, 1000, undefined]);
  });
});
