// The older Admin dataSources calls (docs/product.md §7; docs/knowledge.md "The older /admin/dataSources calls"):
// the file libraries of AdminFileLibraryRoutes in the older shape. A data source of type UploadedFiles is a file
// library; its endpoints are Default when it embeds with the instance's default embedding deployment (or with none),
// Explicit when it names another.
import { z } from 'zod';
import { ObjectActions } from '../common/object-actions.js';
import { listOf } from '../common/list.schemas.js';
import { FileLibraryDescriptionMaxLength, FileLibraryNameMaxLength, LibraryFileStatuses, MaxFilesPerPage } from './file-libraries.constants.js';

export const DataSourceEndpointsTypes = ['Default', 'Explicit'] as const;
export type DataSourceEndpointsType = (typeof DataSourceEndpointsTypes)[number];

export const DataSourceParamsSchema = z.object({ dataSourceId: z.string().uuid() });

const name = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(FileLibraryNameMaxLength, `Name exceeds the maximum limit of ${FileLibraryNameMaxLength} characters`);
const description = z
  .string()
  .trim()
  .max(FileLibraryDescriptionMaxLength, `Description exceeds the maximum limit of ${FileLibraryDescriptionMaxLength} characters`)
  .default('');

/** POST and PUT …/WithDefaultEndpoints: a library that embeds with the instance's default embedding deployment. */
export const DataSourceWithDefaultEndpointsInputSchema = z.object({ name, description });
export type DataSourceWithDefaultEndpointsInput = z.input<typeof DataSourceWithDefaultEndpointsInputSchema>;

/** POST and PUT …/WithExplicitEndpoints: a library that embeds with the enabled embedding deployment named. */
export const DataSourceWithExplicitEndpointsInputSchema = z.object({
  name,
  description,
  embeddingDeploymentName: z.string().trim().min(1, 'Choose an embedding deployment').max(100),
});
export type DataSourceWithExplicitEndpointsInput = z.input<typeof DataSourceWithExplicitEndpointsInputSchema>;

export const DataSourceSchema = z.object({
  dataSourceId: z.string().uuid(),
  dataSourceType: z.literal('UploadedFiles'),
  endpointsType: z.enum(DataSourceEndpointsTypes),
  name: z.string(),
  description: z.string(),
  /** null when the library searches full text only */
  embeddingDeploymentName: z.string().nullable(),
  /** files in it, any status */
  files: z.number().int(),
  onlineFiles: z.number().int(),
  totalBytes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  currentUserActions: z.array(z.enum(ObjectActions)),
});
export type DataSource = z.infer<typeof DataSourceSchema>;
export const DataSourceListSchema = listOf(DataSourceSchema);
export type DataSourceList = z.infer<typeof DataSourceListSchema>;

export const DataSourceFileSchema = z.object({
  fileId: z.string().uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(LibraryFileStatuses),
  errorMessage: z.string().nullable(),
  uploadedAt: z.string(),
});
export type DataSourceFile = z.infer<typeof DataSourceFileSchema>;
export const DataSourceFileListSchema = listOf(DataSourceFileSchema);
export type DataSourceFileList = z.infer<typeof DataSourceFileListSchema>;

/** GET …/uploadedFiles?top=&continuationToken= (newest first) */
export const DataSourceFileListQuerySchema = z.object({
  top: z.coerce.number().int().min(1).max(MaxFilesPerPage).default(MaxFilesPerPage),
  continuationToken: z.string().max(500).optional(),
});

/** DELETE …/uploadedFiles?fileName= removes every file of the library with that name (as uploaded, cleaned). */
export const DataSourceFileDeleteQuerySchema = z.object({ fileName: z.string().min(1, 'Name the file').max(1000) });

/** POST …/uploadedFiles answers each file sent, in order; Duplicate when the library holds the same content already. */
export const DataSourceFilesUploadResultSchema = z.object({
  items: z.array(z.object({ fileName: z.string(), outcome: z.enum(['Created', 'Duplicate']), file: DataSourceFileSchema })),
});
export type DataSourceFilesUploadResult = z.infer<typeof DataSourceFilesUploadResultSchema>;

export const DataSourceFileParamsSchema = z.object({ dataSourceId: z.string().uuid(), base64FileName: z.string().min(1).max(2000) });
