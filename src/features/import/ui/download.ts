// Saving a file the page built, without it leaving the browser: a Blob behind an object URL that
// a temporary link downloads.

/**
 * Firefox and Safari start a download after the click's task, so revoking at once can cancel it
 * (FileSaver.js waits for the same reason); a second is enough and keeps the vault's text
 * reachable by URL no longer than needed.
 */
export const REVOKE_AFTER_MS = 1_000;

export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, REVOKE_AFTER_MS);
}
