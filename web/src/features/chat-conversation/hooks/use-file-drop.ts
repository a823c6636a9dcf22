// Files dropped on the chat input or pasted into the message box (images copied from a screenshot
// tool arrive as pasted files). Text pastes are left alone.
import { useState, type ClipboardEvent, type DragEvent } from 'react';

const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

export function useFileDrop(onFiles: (files: File[], pasted?: boolean) => void) {
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onDragOver: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      },
      onDragLeave: (e: DragEvent) => {
        // leaving for a child element is not leaving the drop area
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (e: DragEvent) => {
        setOver(false);
        if (!hasFiles(e)) return;
        e.preventDefault();
        onFiles([...e.dataTransfer.files]);
      },
    },
    onPaste: (e: ClipboardEvent) => {
      const files = [...e.clipboardData.files];
      if (files.length === 0) return;
      e.preventDefault();
      onFiles(files, true);
    },
  };
}
