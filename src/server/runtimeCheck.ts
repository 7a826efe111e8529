/** node:sqlite without a flag: Node.js 22.13 (23.4 on the current line). */
export const requiredNode = '22.13';

/**
 * Why this Node.js cannot run the server, or undefined when it can. Checked before anything that loads
 * node:sqlite, so an older Node (or an Electron built without it) gets one line instead of a stack.
 */
export function runtimeProblem(
  versions: NodeJS.ProcessVersions = process.versions,
  hasSqlite: () => boolean = builtinSqlite,
): string | undefined {
  const [major = 0, minor = 0] = versions.node.split('.').map(Number);
  const tooOld = major < 22 || (major === 22 && minor < 13);
  if (!tooOld && hasSqlite()) return undefined;
  const runtime = versions['electron']
    ? `the Electron ${versions['electron']} runtime (Node.js ${versions.node})`
    : `Node.js ${versions.node}`;
  return `Teahouse needs Node.js ${requiredNode} or later with node:sqlite; this is ${runtime} at ${process.execPath}${tooOld ? '' : ', which lacks node:sqlite'}`;
}

function builtinSqlite(): boolean {
  try {
    return process.getBuiltinModule?.('node:sqlite') !== undefined;
  } catch {
    return false;
  }
}
