// Which upload a dropped, pasted or picked file becomes: an image for the model to see, a document
// whose text goes with the question, or neither (refused before any byte is sent).
import { AttachmentFileExtensions, VisionImageExtensions, VisionImageTypes } from '@atrium/contract';

export type UploadKind = 'image' | 'file' | 'unsupported';

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
};

export function uploadKindOf(file: Pick<File, 'name' | 'type'>): UploadKind {
  const ext = extensionOf(file.name);
  if ((VisionImageTypes as readonly string[]).includes(file.type) || (VisionImageExtensions as readonly string[]).includes(ext)) return 'image';
  // files without an extension are accepted when the server finds text in them
  if (ext === '' || (AttachmentFileExtensions as readonly string[]).includes(ext)) return 'file';
  return 'unsupported';
}

export const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** A name for a pasted image, which the clipboard gives without one (or as "image.png" every time). */
export function nameForPasted(file: File, index: number): string {
  if (file.name && file.name !== 'image.png') return file.name;
  const ext = file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return `pasted-${stamp}${index ? `-${index + 1}` : ''}.${ext}`;
}
