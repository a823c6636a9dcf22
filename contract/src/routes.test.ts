import { describe, expect, it } from 'vitest';
import { pathTo } from './routes.js';

describe('pathTo', () => {
  it('fills in each parameter of a pattern, URL-encoded', () => {
    expect(pathTo('/admin/brands/:brandKey/files/:fileName', { brandKey: 'acme', fileName: 'logo 1.png' })).toBe('/admin/brands/acme/files/logo%201.png');
    expect(pathTo('/brands/byGptPublicEndpoint/:endpoint/brandVariables.css', { endpoint: 'a/b' })).toBe(
      '/brands/byGptPublicEndpoint/a%2Fb/brandVariables.css',
    );
  });

  it('asks for exactly the parameters the pattern names', () => {
    // @ts-expect-error a parameter is missing
    pathTo('/userConversations/:conversationId/segments/:segmentId/feedback', { conversationId: 'c' });
    // @ts-expect-error the pattern has no such parameter
    pathTo('/UserPrompts/:promptId', { promptId: 'p', other: 'x' });
    expect(pathTo('/UserPrompts', {})).toBe('/UserPrompts');
  });
});
