// What the agent editors are told about capabilities, over real HTTP: image creation follows the image deployments
// (and HIPAA mode), vision the deployments that see images, web search a search provider (none here), the code
// interpreter a sandbox engine (switched off here, then Pyodide), knowledge always works; the admin and the personal
// editor get the same answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AvailableConfigurationSchema,
  ConfigStateCreatedSchema,
  DataSourcesAndCapabilitiesSchema,
  type AvailableConfiguration,
  type CapabilityAvailability,
} from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { CapabilityReasons } from './agents.capabilities.js';
import { SandboxReasons } from '../../platform/sandbox/sandbox.js';

describe('capabilities the agent editors offer', () => {
  let t: TestApp;
  let admin: { token: string };
  let person: { token: string };

  beforeAll(async () => {
    t = await createTestApp({ CODE_INTERPRETER_ENGINE: 'off' });
    admin = await t.createUser({
      actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite', 'ConnectionsRead', 'ConnectionsWrite', 'InstanceSettingsWrite'],
    });
    person = await t.createUser();
  });
  afterAll(() => t.close());

  const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/internal${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const available = async (): Promise<AvailableConfiguration> =>
    AvailableConfigurationSchema.parse((await call(admin.token, 'GET', '/admin/gptSystems/AvailableConfiguration')).json());
  const of = (list: readonly CapabilityAvailability[], type: string) => list.find((c) => c.capabilityType === type);

  it('says why each capability cannot work on a server with only the offline engine', async () => {
    const { capabilityAvailability } = await available();
    expect(capabilityAvailability.map((c) => c.capabilityType)).toEqual(['InternetSearch', 'ImageCreation', 'CodeInterpreter', 'FileSearch', 'Vision']);
    // knowledge works without a model too: the offline engine quotes the passages it finds
    expect(capabilityAvailability.filter((c) => c.available).map((c) => c.capabilityType)).toEqual(['FileSearch']);
    expect(of(capabilityAvailability, 'ImageCreation')!.reason).toBe(CapabilityReasons.noImageDeployment);
    expect(of(capabilityAvailability, 'Vision')!.reason).toBe(CapabilityReasons.noVisionDeployment);
    expect(of(capabilityAvailability, 'InternetSearch')!.reason).toBe(CapabilityReasons.noSearchProvider);
    expect(of(capabilityAvailability, 'CodeInterpreter')!.reason).toBe(SandboxReasons.off);
  });

  it('offers the code interpreter where a sandbox engine works (Pyodide works wherever npm install ran)', async () => {
    const withSandbox = await createTestApp({ CODE_INTERPRETER_ENGINE: 'pyodide' });
    try {
      const editor = await withSandbox.createUser({ actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite'] });
      const res = await withSandbox.app.inject({
        method: 'GET',
        url: '/api/internal/admin/gptSystems/AvailableConfiguration',
        headers: { authorization: `Bearer ${editor.token}` },
      });
      const list = AvailableConfigurationSchema.parse(res.json()).capabilityAvailability;
      expect(of(list, 'CodeInterpreter')).toEqual({ capabilityType: 'CodeInterpreter', available: true, reason: null });
    } finally {
      await withSandbox.close();
    }
  });

  it('offers image creation once an image deployment exists, vision once a deployment sees images, and HIPAA mode takes image creation away', async () => {
    const created = await call(admin.token, 'POST', '/admin/connections', {
      name: 'OpenAI',
      providerType: 'OpenAI',
      apiKey: 'sk-test-capabilities',
      deployments: [
        { name: 'gpt-4o', model: 'gpt-4o', vision: true, tools: true },
        { name: 'gpt-image-1', model: 'gpt-image-1', kind: 'ImageGeneration' },
      ],
    });
    expect(created.statusCode).toBe(201);
    let list = (await available()).capabilityAvailability;
    expect(of(list, 'ImageCreation')).toEqual({ capabilityType: 'ImageCreation', available: true, reason: null });
    expect(of(list, 'Vision')).toEqual({ capabilityType: 'Vision', available: true, reason: null });
    expect(of(list, 'InternetSearch')!.available).toBe(false);

    expect((await call(admin.token, 'PUT', '/admin/instanceSettings/hipaa', { enabled: true })).statusCode).toBe(200);
    list = (await available()).capabilityAvailability;
    expect(of(list, 'ImageCreation')).toEqual({ capabilityType: 'ImageCreation', available: false, reason: CapabilityReasons.noCompliantImageDeployment });
    expect((await call(admin.token, 'PUT', '/admin/instanceSettings/hipaa', { enabled: false })).statusCode).toBe(200);
  });

  it('gives a personal draft the same answer, with the deployments that see images and call tools', async () => {
    const draft = ConfigStateCreatedSchema.parse((await call(person.token, 'POST', '/configStates/byGptSystemType/User', {})).json());
    const res = await call(person.token, 'GET', `/configStates/${draft.configStateId}/dataSourcesAndCapabilities`);
    expect(res.statusCode).toBe(200);
    const body = DataSourcesAndCapabilitiesSchema.parse(res.json());
    expect(body.capabilities).toEqual((await available()).capabilityAvailability);
    expect(body.deployments).toContainEqual({ name: 'gpt-4o', displayName: 'gpt-4o', isDefault: true, vision: true, tools: true });
    expect(body.deployments).toContainEqual(expect.objectContaining({ name: 'offline', vision: false, tools: false }));
  });
});
