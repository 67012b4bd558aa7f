/**
 * Saves `blob` as a download named `fileName`, as a link with `download` does. The object URL is
 * released a little later: revoking it at once can cancel the download in some browsers.
 */
export function saveDownload(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
