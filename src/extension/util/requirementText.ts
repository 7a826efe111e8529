import * as vscode from 'vscode';
import { parseRequirementNote } from './requirementNotes';

/** A text that may be a capability note ("needs Gitea ≥ 1.15"), in the display language. */
export function requirementText(text: string): string {
  const note = parseRequirementNote(text);
  if (!note) return text;
  if (note.kind === 'teahouse') return vscode.l10n.t('needs a Teahouse server');
  if (note.kind === 'repository') return vscode.l10n.t('needs a repository');
  if (note.kind === 'unitOff')
    return note.unit === 'actions'
      ? vscode.l10n.t('needs a server with Actions enabled')
      : vscode.l10n.t('needs a server with packages enabled');
  return note.kind === 'atLeast'
    ? vscode.l10n.t('needs Gitea ≥ {0}', note.version)
    : vscode.l10n.t('needs a Gitea newer than {0}', note.version);
}
