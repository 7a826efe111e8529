/** The rows of a review comment's diff hunk: the `@@` line, then added, removed and context lines. */
function rowClass(line: string): string | undefined {
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  return undefined;
}

export function DiffHunk({ hunk }: { readonly hunk: string }) {
  if (!hunk) return null;
  const lines = hunk.replace(/\n$/, '').split('\n');
  return (
    <div class="code-scroll">
      <table class="code">
        <tbody>
          {lines.map((line, index) => (
            <tr key={index} class={rowClass(line)}>
              <td class="line">{line}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
