/** Files the till hands to the browser's downloads, as if the user had clicked a link to them. */

export function saveFile(name: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}

/** JSON as the CLI's `--export FILE` writes it: indented, with a final newline. */
export function jsonFile(content: unknown): Blob {
  return new Blob([`${JSON.stringify(content, null, 2)}\n`], { type: 'application/json' });
}
