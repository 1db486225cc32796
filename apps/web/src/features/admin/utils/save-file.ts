/**
 * Hands a file the page already holds (a CSV made by the server) to the browser as a download: a
 * temporary object URL on a temporary `<a download>`, clicked once, then both are gone.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start reading the URL only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
