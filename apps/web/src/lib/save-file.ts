/** Saves a blob under `fileName` through a temporary object URL and download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a file the server sent (apiRequest's download mode) under its own name, else under `fallbackName`. */
export function saveDownload(file: { blob: Blob; fileName: string | undefined }, fallbackName: string): void {
  saveBlob(file.blob, file.fileName ?? fallbackName);
}
