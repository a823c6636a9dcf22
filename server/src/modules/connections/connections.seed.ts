// First start from the environment: OPENAI_*, AZURE_OPENAI_* and ANTHROPIC_* become connections with
// one deployment per listed model, once per provider (a connection marked createdFromEnvironment means
// done, whatever an administrator changed since). The first model becomes the instance default and
// the seeded System agent's deployment; OPENAI_IMAGE_MODEL and AZURE_OPENAI_IMAGE_DEPLOYMENT become
// image deployments (the first one the image default) that agents with ImageCreation draw with, and
// OPENAI_EMBEDDING_MODEL and AZURE_OPENAI_EMBEDDING_DEPLOYMENT embedding deployments (the first one the embedding
// default, which new file libraries embed with). RERANK_URL, RERANK_MODEL and RERANK_API_KEY become a Rerank deployment
// (the rerank default, which file library searches are reranked with) on the OpenAI-compatible connection at that
// URL: the environment's own when OPENAI_BASE_URL is the same server with the same key, else a connection of its own;
// once, while no Rerank deployment exists (an administrator's, or one seeded before).
import type { DeploymentCreate, ProviderTypeName } from '@atrium/contract';
import type { AppContext, InTransaction } from '../../platform/context.js';
import type { Config } from '../../config.js';
import { SystemAgentName } from '../../seed.js';
import { createConnection, createDeployment, type Actor } from './connections.service.js';
import * as repo from './connections.repository.js';
import { followFirstDeployment } from '../agents/agents.seed.js';

const EnvironmentActor: Actor = { userId: null, userName: 'Environment (first start)' };

interface Planned {
  name: string;
  providerType: ProviderTypeName;
  endpoint: string | null;
  apiVersion: string | null;
  apiKey: string | null;
  models: string[];
  imageModel: string | null;
  embeddingModel: string | null;
}

/** Models that take images, by the names their vendors use; administrators can change it later. */
const VisionModel = /gpt-4o|gpt-4\.1|gpt-5|o[134](-|$)|claude|vision|llava|gemma3|qwen.*vl|pixtral|llama.*4/i;

function planned(providers: Config['modelProviders']): Planned[] {
  const out: Planned[] = [];
  const { openai, azureOpenai, anthropic } = providers;
  if (openai) {
    const official = !openai.baseUrl || new URL(openai.baseUrl).hostname === 'api.openai.com';
    out.push({
      name: official ? 'OpenAI' : `OpenAI-compatible (${new URL(openai.baseUrl!).host})`,
      providerType: official ? 'OpenAI' : 'OpenAICompatible',
      endpoint: openai.baseUrl,
      apiVersion: null,
      apiKey: openai.apiKey,
      models: openai.models,
      imageModel: openai.imageModel,
      embeddingModel: openai.embeddingModel,
    });
  }
  if (azureOpenai) {
    out.push({
      name: `Azure OpenAI (${new URL(azureOpenai.endpoint).host})`,
      providerType: 'AzureOpenAI',
      endpoint: azureOpenai.endpoint,
      apiVersion: azureOpenai.apiVersion,
      apiKey: azureOpenai.apiKey,
      models: azureOpenai.deployments,
      imageModel: azureOpenai.imageDeployment,
      embeddingModel: azureOpenai.embeddingDeployment,
    });
  }
  if (anthropic) {
    out.push({
      name: 'Anthropic',
      providerType: 'Anthropic',
      endpoint: anthropic.baseUrl,
      apiVersion: null,
      apiKey: anthropic.apiKey,
      models: anthropic.models,
      imageModel: null,
      embeddingModel: null,
    });
  }
  return out;
}

const trimSlashes = (url: string | null) => (url ?? '').replace(/\/+$/, '');

export async function seedConnectionsFromEnvironment(ctx: InTransaction<Pick<AppContext, 'db' | 'caches' | 'config' | 'secrets' | 'models'>>): Promise<void> {
  const { db } = ctx;
  const rerankerUrl = ctx.config.reranker ? trimSlashes(ctx.config.reranker.url) : null;
  for (const plan of planned(ctx.config.modelProviders)) {
    // (the reranker's own connection, at RERANK_URL, is not the OpenAI-compatible server's)
    const notReranker = rerankerUrl !== null && plan.providerType === 'OpenAICompatible' && trimSlashes(plan.endpoint) !== rerankerUrl;
    if (await repo.findEnvironmentConnection(db, plan.providerType, notReranker ? { notEndpoint: rerankerUrl } : {})) continue;
    const deployments: DeploymentCreate[] = [];
    // a name an administrator already uses keeps its deployment; this model then gets none
    const free = async (name: string) => !(await repo.deploymentNameTaken(db, name)) && !deployments.some((d) => d.name.toLowerCase() === name.toLowerCase());
    for (const model of plan.models) {
      if (!(await free(model))) continue;
      deployments.push({ name: model, displayName: model, model, vision: VisionModel.test(model), tools: plan.providerType !== 'OpenAICompatible' });
    }
    if (plan.imageModel && (await free(plan.imageModel))) {
      deployments.push({ name: plan.imageModel, displayName: plan.imageModel, model: plan.imageModel, kind: 'ImageGeneration' });
    }
    if (plan.embeddingModel && (await free(plan.embeddingModel))) {
      deployments.push({ name: plan.embeddingModel, displayName: plan.embeddingModel, model: plan.embeddingModel, kind: 'Embedding' });
    }
    await createConnection(
      ctx,
      EnvironmentActor,
      { name: plan.name, providerType: plan.providerType, endpoint: plan.endpoint, apiVersion: plan.apiVersion, apiKey: plan.apiKey, deployments },
      { createdFromEnvironment: true },
    );
  }
  await seedReranker(ctx);
  const defaultDeployment = await repo.findDefaultDeploymentRow(db);
  if (defaultDeployment) await followFirstDeployment(ctx, SystemAgentName, defaultDeployment.name);
}

/** RERANK_*: a Rerank deployment, on the environment's OpenAI-compatible connection at RERANK_URL or on its own. */
async function seedReranker(ctx: InTransaction<Pick<AppContext, 'db' | 'config' | 'secrets' | 'models'>>): Promise<void> {
  const reranker = ctx.config.reranker;
  if (!reranker || (await repo.deploymentKindExists(ctx.db, 'Rerank'))) return;
  const url = trimSlashes(reranker.url);
  let name = reranker.model;
  for (let i = 2; await repo.deploymentNameTaken(ctx.db, name); i++) name = `${reranker.model}-${i}`;
  const deployment: DeploymentCreate = { name, displayName: reranker.model, model: reranker.model, kind: 'Rerank' };
  const same = await repo.findEnvironmentConnection(ctx.db, 'OpenAICompatible', { endpoint: url });
  const keyOf = (sealed: string | null) => {
    try {
      return sealed ? ctx.secrets.decrypt(sealed) : null;
    } catch {
      return undefined; // sealed with another instance key: not the same key
    }
  };
  const sameKey = same !== null && keyOf(same.apiKeyEncrypted) === reranker.apiKey;
  if (same && sameKey) {
    await createDeployment(ctx, EnvironmentActor, same.id, deployment);
    return;
  }
  await createConnection(
    ctx,
    EnvironmentActor,
    {
      name: `Reranker (${new URL(url).host})`,
      providerType: 'OpenAICompatible',
      endpoint: url,
      apiVersion: null,
      apiKey: reranker.apiKey,
      deployments: [deployment],
    },
    { createdFromEnvironment: true },
  );
}
