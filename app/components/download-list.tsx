/**
 * A list of files to download, each link named by its file: a Keyfree's signed documents, on the
 * dashboard's card and on the Keyfree page.
 */
export function DownloadList({ files }: { files: ReadonlyArray<{ id: string; url: string; name: string }> }) {
  return (
    <ul>
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} download>
            {file.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
