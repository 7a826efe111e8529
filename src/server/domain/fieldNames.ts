/** Gitea names a field in errors by its Go name: `full_name` → `FullName`. */
export function goFieldName(name: string): string {
  return name
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
