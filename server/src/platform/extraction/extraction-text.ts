// What a document's text looks like once read, wherever it was read: line ends and blank lines tidied, at
// most a given number of characters.

export function tidyText(text: string, maxChars: number): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, maxChars);
}
