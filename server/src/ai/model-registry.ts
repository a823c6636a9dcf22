// The provider registry: resolves deployments and streams answers through the right provider.
// This first version knows the offline engine only; networked providers come with connections.
import { badRequest } from '../platform/errors.js';
import { OfflineDeployment, streamOffline } from './offline-engine.js';
import type { AnswerRequest, ModelGateway, ResolvedDeployment, StreamPart } from './model.types.js';

export function createModelGateway(): ModelGateway {
  return {
    async resolve(name: string | null): Promise<ResolvedDeployment> {
      if (name === null || name === OfflineDeployment.name) return OfflineDeployment;
      throw badRequest(`Unknown deployment ${name}.`, [{ field: 'deploymentIdentifier', message: 'No such deployment' }]);
    },
    stream(request: AnswerRequest): AsyncIterable<StreamPart> {
      return streamOffline(request);
    },
    async generateTitle(): Promise<string | null> {
      return null;
    },
  };
}
