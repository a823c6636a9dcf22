// The file name of a conversation's text export (docs/product.md §5), shared by the server's Content-Disposition and
// the browser's download. Zod-free, so that the browser entry carries it.

/** The title plus .txt, without < > : " / \ | ? * (and control characters, which no file system wants). */
export function conversationExportFileName(title: string): string {
  // eslint-disable-next-line no-control-regex
  const base = title.replace(/[<>:"/\\|?*\u0000-\u001f]/g, '').trim();
  return `${base || 'conversation'}.txt`;
}
