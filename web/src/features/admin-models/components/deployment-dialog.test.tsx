// The deployment dialog's vector length: shown for Embedding deployments only, sent as a number (null when empty),
// never sent for other kinds, and the server's message for it shown under the field. A Rerank deployment has no
// vision, tools, limits or prices.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deployment } from '@atrium/contract';
import { DeploymentDialog } from './deployment-dialog';

const create = vi.fn();
const update = vi.fn();
const state = { create: { isLoading: false, error: undefined as unknown }, update: { isLoading: false, error: undefined as unknown } };

vi.mock('../../../app/i18n/i18n', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useTranslation: () => ({ t: (k: string) => k }),
}));
vi.mock('notistack', () => ({ useSnackbar: () => ({ enqueueSnackbar: vi.fn() }) }));
vi.mock('../api/connections.api', () => ({
  useCreateDeploymentMutation: () => [create, state.create],
  useUpdateDeploymentMutation: () => [update, state.update],
}));

const embedder: Deployment = {
  deploymentId: '00000000-0000-4000-8000-000000000002',
  connectionId: '00000000-0000-4000-8000-000000000001',
  name: 'small',
  displayName: 'Small embedder',
  model: 'text-embedding-3-small',
  kind: 'Embedding',
  vision: false,
  tools: false,
  hipaaCompliant: false,
  contextWindow: null,
  maxOutputTokens: null,
  inputPricePerMillionTokens: null,
  outputPricePerMillionTokens: null,
  dimensions: 1024,
  isDefault: true,
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const open = (deployment: Deployment | null) =>
  render(
    <DeploymentDialog
      open
      connectionId={embedder.connectionId}
      kinds={['Chat', 'ImageGeneration', 'Embedding', 'Rerank', 'Speech']}
      deployment={deployment}
      takenNames={[]}
      onClose={() => undefined}
    />,
  );
const dimensionsField = () => screen.queryByRole('textbox', { name: 'adminModels.dialog.dimensions' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'adminModels.dialog.save' }));

describe('DeploymentDialog', () => {
  // unmounted after each test: a dialog left open kept MUI's transitions scheduled past the file's end, where they ran
  // without a window (two "window is not defined" errors in a full run)
  afterEach(cleanup);
  beforeEach(() => {
    create.mockReset().mockResolvedValue({ data: {} });
    update.mockReset().mockResolvedValue({ data: {} });
    state.create.error = undefined;
    state.update.error = undefined;
  });

  it("shows an Embedding deployment's vector length and sends the changed one as a number, empty as null", async () => {
    open(embedder);
    const field = dimensionsField() as HTMLInputElement;
    expect(field.value).toBe('1024');
    expect(screen.getByText('adminModels.dialog.dimensionsHelp')).toBeTruthy();
    fireEvent.change(field, { target: { value: '256' } });
    save();
    await vi.waitFor(() => expect(update).toHaveBeenCalledOnce());
    expect(update.mock.calls[0]![0]).toMatchObject({ deploymentId: embedder.deploymentId, body: { kind: 'Embedding', dimensions: 256 } });

    fireEvent.change(field, { target: { value: ' ' } });
    save();
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls[1]![0].body.dimensions).toBeNull();

    fireEvent.change(field, { target: { value: 'many' } });
    save();
    expect(await screen.findByText('adminModels.dialog.notANumber')).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('has no vector length for other kinds, and sends none', async () => {
    open(null);
    expect(dimensionsField()).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'adminModels.dialog.model' }), { target: { value: 'gpt-4o' } });
    save();
    await vi.waitFor(() => expect(create).toHaveBeenCalledOnce());
    expect(create.mock.calls[0]![0].body).toMatchObject({ model: 'gpt-4o', kind: 'Chat' });
    expect(create.mock.calls[0]![0].body).not.toHaveProperty('dimensions');

    // choosing Embedding shows the field
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'adminModels.dialog.kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'adminModels.kinds.Embedding' }));
    expect(dimensionsField()).toBeTruthy();
  });

  it('asks a Rerank deployment for none of vision, tools, limits or prices, and sends none of them', async () => {
    open(null);
    expect(screen.getByRole('switch', { name: 'adminModels.dialog.vision' })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'adminModels.dialog.vision' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'adminModels.dialog.model' }), { target: { value: 'jina-reranker-v2-base-multilingual' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'adminModels.dialog.kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'adminModels.kinds.Rerank' }));
    expect(screen.getByText('adminModels.dialog.rerankHelp')).toBeTruthy();
    for (const name of ['vision', 'tools']) expect(screen.queryByRole('switch', { name: `adminModels.dialog.${name}` })).toBeNull();
    for (const name of ['contextWindow', 'maxOutputTokens', 'inputPrice', 'outputPrice', 'dimensions'])
      expect(screen.queryByRole('textbox', { name: `adminModels.dialog.${name}` })).toBeNull();
    expect(screen.getByRole('switch', { name: 'adminModels.dialog.hipaa' })).toBeTruthy();
    save();
    await vi.waitFor(() => expect(create).toHaveBeenCalledOnce());
    const body = create.mock.calls[0]![0].body;
    expect(body).toMatchObject({ model: 'jina-reranker-v2-base-multilingual', kind: 'Rerank', vision: false, tools: false });
    for (const field of ['contextWindow', 'maxOutputTokens', 'inputPricePerMillionTokens', 'outputPricePerMillionTokens', 'dimensions'])
      expect(body).not.toHaveProperty(field);
  });

  it('asks a Speech deployment for none of vision, tools, limits or prices, and says what it is for', async () => {
    open(null);
    fireEvent.change(screen.getByRole('combobox', { name: 'adminModels.dialog.model' }), { target: { value: 'gpt-4o-mini-tts' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'adminModels.dialog.kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'adminModels.kinds.Speech' }));
    expect(screen.getByText('adminModels.dialog.speechHelp')).toBeTruthy();
    for (const name of ['vision', 'tools']) expect(screen.queryByRole('switch', { name: `adminModels.dialog.${name}` })).toBeNull();
    for (const name of ['contextWindow', 'maxOutputTokens', 'inputPrice', 'outputPrice', 'dimensions'])
      expect(screen.queryByRole('textbox', { name: `adminModels.dialog.${name}` })).toBeNull();
    save();
    await vi.waitFor(() => expect(create).toHaveBeenCalledOnce());
    const body = create.mock.calls[0]![0].body;
    expect(body).toMatchObject({ model: 'gpt-4o-mini-tts', kind: 'Speech', vision: false, tools: false });
    for (const field of ['contextWindow', 'maxOutputTokens', 'inputPricePerMillionTokens', 'outputPricePerMillionTokens', 'dimensions'])
      expect(body).not.toHaveProperty(field);
  });

  it("shows the server's message for the vector length under the field", () => {
    state.update.error = {
      status: 400,
      data: { code: 'BadRequest', message: 'The request is invalid.', details: [{ field: 'body.dimensions', message: 'Use a whole number from 1 to 16,000' }] },
    };
    open(embedder);
    expect(screen.getByText('Use a whole number from 1 to 16,000')).toBeTruthy();
  });
});
