// Images an agent creates while answering (the ImageCreation capability): the payload of the stream's
// `generated-image-link` event and the path that serves each image. Browsers load the path from an
// <img> without a token, so its `key` segment is a per-image secret that authorises the read.

/** The `generated-image-link` event's JSON: clients append `![title](uri)` to the answer. */
export interface GeneratedImageLinkEvent {
  title: string;
  uri: string;
}

/** The same-origin prefix of every generated image, the only images the chat's markdown shows. */
export const GeneratedImagePathPrefix = '/api/internal/generatedImages/';

/** The markdown an answer gets for an image, the same text the web client appends on the event. */
export const generatedImageMarkdown = (link: GeneratedImageLinkEvent) => `\n\n![${link.title}](${link.uri})\n\n`;
