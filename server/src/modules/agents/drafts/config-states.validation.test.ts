// The image-creation warnings of a draft: what an agent author is told when ImageCreation cannot work
// with the instance's deployments (the draft still saves and publishes).
import { describe, expect, it } from 'vitest';
import { publishedConfig } from '../agents.test-factory.js';
import { validateDraft, type DeploymentFacts } from './config-states.validation.js';

const facts = (over: Partial<DeploymentFacts> = {}): DeploymentFacts => ({
  names: new Set(['gpt-4o', 'llama']),
  withTools: new Set(['gpt-4o']),
  defaultName: 'gpt-4o',
  imageDeployment: true,
  ...over,
});
const draft = (config: Parameters<typeof publishedConfig>[0]) => ({ name: 'Painter', description: '', config: publishedConfig(config) });
const imageWarnings = (config: Parameters<typeof publishedConfig>[0], over?: Partial<DeploymentFacts>) =>
  validateDraft(draft(config), facts(over))
    .warnings.filter((w) => w.property === 'capabilityTypes')
    .map((w) => w.message);

describe('ImageCreation warnings', () => {
  it('says nothing when the deployment can call tools and an image deployment exists', () => {
    expect(imageWarnings({ capabilityTypes: ['ImageCreation'], deploymentName: 'gpt-4o' })).toEqual([]);
    expect(imageWarnings({ capabilityTypes: ['ImageCreation'], deploymentName: null })).toEqual([]);
    expect(imageWarnings({ capabilityTypes: [], deploymentName: 'llama' }, { imageDeployment: false })).toEqual([]);
  });

  it('warns without an image deployment', () => {
    expect(imageWarnings({ capabilityTypes: ['ImageCreation'] }, { imageDeployment: false })).toEqual([expect.stringContaining('needs an image deployment')]);
  });

  it('warns when the deployment that answers, named or the default, cannot call tools', () => {
    expect(imageWarnings({ capabilityTypes: ['ImageCreation'], deploymentName: 'llama' })).toEqual([
      'The deployment llama cannot call tools, so the agent cannot create images with it.',
    ]);
    expect(imageWarnings({ capabilityTypes: ['ImageCreation'], deploymentName: null }, { defaultName: 'llama' })).toEqual([
      expect.stringContaining('llama cannot call tools'),
    ]);
    // an unknown deployment is an error of its own, not this warning
    const unknown = validateDraft(draft({ capabilityTypes: ['ImageCreation'], deploymentName: 'gone' }), facts());
    expect(unknown.errors.map((e) => e.property)).toEqual(['deploymentName']);
    expect(unknown.warnings.filter((w) => w.property === 'capabilityTypes')).toEqual([]);
  });
});
