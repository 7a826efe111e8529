import * as l10n from '@vscode/l10n';
import { sizeText } from './attachmentList';
import type { UploadRules } from './protocol';
import { uploadRefusal, type UploadRefusal } from './uploadRules';

type TextArea = HTMLElement & { value: string; wrappedElement?: HTMLTextAreaElement };

export interface AttachmentTarget {
  /** What the server takes now; undefined with `note` saying why files cannot be attached. */
  readonly rules: () => { readonly rules?: UploadRules; readonly note?: string };
  /** Uploads one file and answers the markdown that links it. */
  readonly upload: (file: File, data: Uint8Array) => Promise<string>;
  readonly onError: (message: string) => void;
  /** Told after each change of the text (the draft is saved from it). */
  readonly onChange?: () => void;
}

function refusalText(refusal: UploadRefusal & { readonly file?: string }): string {
  switch (refusal.reason) {
    case 'tooMany':
      return l10n.t('The server takes at most {0} files at once.', refusal.limit);
    case 'tooBig':
      return l10n.t(
        '{0} is larger than the {1} the server takes.',
        refusal.file ?? '',
        sizeText(refusal.limitBytes),
      );
    case 'type':
      return l10n.t('The server does not take files like {0}.', refusal.file ?? '');
  }
}

/** Inserts `text` at the caret of the text area (at its end when it has none), on a line of its own. */
function insertAtCaret(editor: TextArea, text: string): void {
  const inner = editor.wrappedElement;
  const value = editor.value;
  const start = inner?.selectionStart ?? value.length;
  const end = inner?.selectionEnd ?? value.length;
  const before = value.slice(0, start);
  const gap = before === '' || before.endsWith('\n') ? '' : '\n';
  editor.value = `${before}${gap}${text}${value.slice(end)}`;
  const caret = before.length + gap.length + text.length;
  inner?.setSelectionRange(caret, caret);
}

function replaceOnce(editor: TextArea, placeholder: string, text: string): void {
  const at = editor.value.indexOf(placeholder);
  editor.value =
    at < 0
      ? `${editor.value}${text}`
      : `${editor.value.slice(0, at)}${text}${editor.value.slice(at + placeholder.length)}`;
}

async function attach(editor: TextArea, files: readonly File[], target: AttachmentTarget): Promise<void> {
  const { rules, note } = target.rules();
  if (!rules) {
    target.onError(l10n.t('Files cannot be attached here: {0}.', note ?? ''));
    return;
  }
  const refusal = uploadRefusal(rules, files);
  if (refusal) {
    target.onError(refusalText(refusal));
    return;
  }
  await Promise.all(
    files.map(async (file) => {
      // the placeholder keeps the place while the file travels, as Gitea's web editor does
      const placeholder = `[${l10n.t('Uploading {0}…', file.name)}]()`;
      insertAtCaret(editor, `${placeholder}\n`);
      target.onChange?.();
      try {
        const markdown = await target.upload(file, new Uint8Array(await file.arrayBuffer()));
        replaceOnce(editor, placeholder, markdown);
      } catch (error) {
        replaceOnce(editor, `${placeholder}\n`, '');
        target.onError(error instanceof Error ? error.message : String(error));
      }
      target.onChange?.();
    }),
  );
}

function filesOf(transfer: DataTransfer | null): File[] {
  return transfer ? [...transfer.files] : [];
}

/**
 * Files pasted into or dropped onto a markdown text area are uploaded as attachments and linked where the
 * caret is; text pastes and drops stay the text area's own.
 */
export function acceptAttachments(editor: HTMLElement, target: AttachmentTarget): void {
  const area = editor as TextArea;
  area.addEventListener('paste', (event: ClipboardEvent) => {
    const files = filesOf(event.clipboardData);
    if (files.length === 0) return;
    event.preventDefault();
    void attach(area, files, target);
  });
  area.addEventListener('dragover', (event: DragEvent) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  });
  area.addEventListener('drop', (event: DragEvent) => {
    const files = filesOf(event.dataTransfer);
    if (files.length === 0) return;
    event.preventDefault();
    void attach(area, files, target);
  });
}
