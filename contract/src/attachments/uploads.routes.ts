// Paths of uploads (docs/product.md §7 attachments and vision images), exported as UploadRoutes (see ../routes.ts).

/** POST multipart: an attachment (FileSearch or CodeInterpreter) */
export const attachments = '/attachments';
export const attachment = '/attachments/:attachmentId';
export const attachmentBase64 = '/attachments/:attachmentId/base64';
/** POST multipart: a vision image for a question */
export const visionImages = '/userConversations/visionImages';
export const visionImageBase64 = '/userConversations/visionImages/:visionImageId/:blobFileName/base64';
/** the same for a draft's preview */
export const previewVisionImages = '/configStates/visionImages';
export const previewVisionImageBase64 = '/configStates/visionImages/:visionImageId/:blobFileName/base64';
