// docs/product.md §5: the export file name is the title plus .txt with the characters < > : " / \ | ? * removed.
export const exportFileName = (title: string): string => `${title.replace(/[<>:"/\\|?*]/g, '')}.txt`;
