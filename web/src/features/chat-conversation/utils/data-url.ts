/** A data: URL for an image the API returned as base64 (vision images and their thumbnails). */
export const dataUrl = (d: { mimeType: string; base64Content: string } | undefined) => (d ? `data:${d.mimeType};base64,${d.base64Content}` : undefined);
