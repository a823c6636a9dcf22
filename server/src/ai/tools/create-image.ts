// The ImageCreation capability as a tool: the model describes a picture, the instance's image
// deployment draws it, the image is stored and shown in the answer, and the model is told it is
// already on screen (so that it does not paste a link of its own).
import { z } from 'zod';
import type { ChatTool, ToolOutcome } from '../chat-tools.js';
import { ModelError, type ModelGateway, type ResolvedDeployment } from '../model.types.js';
import { redactSecrets } from '../provider-errors.js';

export const CreateImageToolName = 'create_image';
export const CreatingAnImageStep = 'Creating an image';
/** More than this in one answer is almost always a model repeating itself; each one costs real money. */
export const MaxImagesPerAnswer = 4;

export interface StoredImageInput {
  conversationId: string;
  segmentId: string;
  title: string;
  prompt: string;
  data: Buffer;
  contentType: ImageContentType;
  deploymentName: string;
}

/** Keeps created images and tells the address that serves each; the generated-images module provides it. */
export interface GeneratedImageStore {
  save(image: StoredImageInput): Promise<{ uri: string }>;
}

export type ImageContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

/** The type the bytes show, whatever the provider claimed; null for anything that is not one of these images. */
export function sniffImageType(data: Uint8Array): ImageContentType | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x52, 0x49, 0x46, 0x46) && data[8] === 0x57 && data[9] === 0x45 && data[10] === 0x42 && data[11] === 0x50) return 'image/webp';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  return null;
}

const TitleMaxLength = 100;

/**
 * The title as it goes into `![title](uri)`: one line, without the characters that would end the
 * alt text or start HTML. Clients append the markdown as given, so the server cleans it.
 */
export function cleanImageTitle(raw: string | undefined): string {
  const title = (raw ?? '')
    .replace(/[[\]\\<>`*_|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (title === '') return 'Generated image';
  return Array.from(title).slice(0, TitleMaxLength).join('').trim();
}

const Input = z.object({
  prompt: z.string().trim().min(1).max(4000),
  title: z.string().max(500).optional(),
});

const inputSchema = {
  type: 'object',
  properties: {
    prompt: {
      type: 'string',
      description: 'A detailed description of the picture to create: subject, setting, style, colours, composition. At most 4000 characters.',
    },
    title: { type: 'string', description: 'A short title for the picture, a few words in the language of the conversation.' },
  },
  required: ['prompt', 'title'],
  additionalProperties: false,
};

export function createImageTool(deps: { models: ModelGateway; images: GeneratedImageStore; deployment: ResolvedDeployment }): ChatTool {
  let created = 0;
  const failed = (message: string, log: string): ToolOutcome => ({ output: { error: message }, log: { message: log, isError: true } });
  return {
    step: CreatingAnImageStep,
    spec: {
      name: CreateImageToolName,
      description:
        'Creates a picture from a description and shows it to the person in your answer. Use it when they ask for an image, a drawing, an illustration or a photo-like picture. ' +
        'The picture appears where you call the tool; do not add a link or markdown for it yourself.',
      inputSchema,
    },
    async run(input, context) {
      const parsed = Input.safeParse(input);
      if (!parsed.success)
        return failed('The input needs a prompt of 1 to 4000 characters and a short title.', 'create_image was called without a usable prompt');
      if (created >= MaxImagesPerAnswer) {
        return failed(
          `At most ${MaxImagesPerAnswer} pictures can be created in one answer.`,
          `create_image refused: more than ${MaxImagesPerAnswer} images in one answer`,
        );
      }
      const title = cleanImageTitle(parsed.data.title);
      let image;
      try {
        image = await deps.models.generateImage({ deployment: deps.deployment, prompt: parsed.data.prompt, signal: context.signal });
      } catch (e) {
        if (context.signal.aborted) throw e;
        // the provider's words go to the model and the trace without anything key-shaped in them
        const reason = e instanceof ModelError ? redactSecrets(e.message) : 'The image model failed.';
        return failed(`The picture could not be created: ${reason}`, `${deps.deployment.displayName} could not create an image: ${reason}`);
      }
      const contentType = sniffImageType(image.data);
      if (!contentType)
        return failed('The image model returned something that is not a picture.', `${deps.deployment.displayName} returned no PNG, JPEG, WebP or GIF image`);
      await context.persistTurn();
      const { uri } = await deps.images.save({
        conversationId: context.conversationId,
        segmentId: context.segmentId,
        title,
        prompt: parsed.data.prompt,
        data: Buffer.from(image.data),
        contentType,
        deploymentName: deps.deployment.name,
      });
      created += 1;
      return {
        output: {
          status: 'created',
          title,
          note: 'The picture is already shown to the person in your answer. Do not link or embed it again; go on with your answer.',
        },
        image: { title, uri },
        log: { message: `Created an image with ${deps.deployment.displayName}: ${title}`, isError: false },
      };
    },
  };
}

/**
 * The tool for one turn, or null: offered only when the turn may create images (ImageCreation), its
 * chat deployment can call tools, and the instance has an image deployment it may use (HIPAA mode
 * counts only compliant ones).
 */
export async function imageToolForTurn(options: {
  capabilities: ReadonlySet<string>;
  deployment: ResolvedDeployment;
  models: ModelGateway;
  images: GeneratedImageStore;
}): Promise<ChatTool | null> {
  if (!options.deployment.tools || !options.capabilities.has('ImageCreation')) return null;
  const image = await options.models.imageDeployment();
  return image ? createImageTool({ models: options.models, images: options.images, deployment: image }) : null;
}
