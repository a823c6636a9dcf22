// Upload constants without zod, so that the browser bundle can use them (docs/product.md §3 Attachment and
// Vision image, §5 "Attachments upload only when type is FileSearch or CodeInterpreter").

export const AttachmentTypes = ['FileSearch', 'CodeInterpreter'] as const;
export type AttachmentType = (typeof AttachmentTypes)[number];

export const AttachmentContexts = ['GptSystem', 'Conversation'] as const;
export type AttachmentContext = (typeof AttachmentContexts)[number];

/** docs/product.md §3 "Tool kinds enumerated" */
export const ToolKinds = ['CodeInterpreter', 'FileSearch', 'Vision'] as const;

/** Images a vision upload accepts, checked by content. */
export const VisionImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const VisionImageExtensions = ['.png', '.jpg', '.jpeg', '.gif', '.webp'] as const;

/** Files an attachment upload accepts, checked by content (text files also by their extension). */
export const AttachmentFileExtensions = [
  '.pdf',
  '.docx',
  '.txt',
  '.md',
  '.markdown',
  '.csv',
  '.tsv',
  '.json',
  '.xml',
  '.html',
  '.htm',
  '.yaml',
  '.yml',
  '.log',
  '.py',
  '.js',
  '.ts',
  '.java',
  '.c',
  '.cpp',
  '.cs',
  '.go',
  '.rs',
  '.rb',
  '.php',
  '.sh',
  '.sql',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
] as const;

/** Upload limits when the configuration sets none (ATTACHMENT_MAX_BYTES, VISION_IMAGE_MAX_BYTES). */
export const DefaultAttachmentMaxBytes = 20 * 1024 * 1024;
export const DefaultVisionImageMaxBytes = 20 * 1024 * 1024;

/** Longest side of the thumbnails the server makes for vision images. */
export const VisionThumbnailSize = 256;

/** At most this many images and files on one question (the turn bodies accept up to 20 ids each). */
export const MaxUploadsPerQuestion = 10;

export const UploadErrorCodes = {
  unsupportedFileType: 'unsupported_file_type',
  unsupportedAttachmentType: 'unsupported_attachment_type',
  modelCannotSeeImages: 'model_cannot_see_images',
  /** 422: reading the file's text needs more memory or time than the server gives one file */
  fileTooComplex: 'file_too_complex',
} as const;
