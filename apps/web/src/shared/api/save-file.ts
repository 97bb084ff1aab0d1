/** Saves a blob as a file named `name` through a temporary link (the browser's own download). */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a download response under the name its Content-Disposition gives, else `fallbackName`. */
export async function saveResponse(res: Response, fallbackName: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(name, await res.blob());
}
