/** One label of a label template (Gitea's options/label files), its colour as six hex digits without '#'. */
export interface LabelTemplateEntry {
  readonly name: string;
  readonly color: string;
  readonly description: string;
  readonly exclusive: boolean;
}

const label = (name: string, color: string, description: string, exclusive = false): LabelTemplateEntry => ({
  name,
  color,
  description,
  exclusive,
});

/**
 * Gitea's label templates by display name (its option file names without the extension), in the order it
 * lists them: "Default" (the classic seven) and "Advanced" (scoped labels, the exclusive ones grouped).
 */
const labelTemplates: ReadonlyMap<string, readonly LabelTemplateEntry[]> = new Map([
  [
    'Advanced',
    [
      label('Kind/Bug', 'ee0701', 'Something is not working'),
      label('Kind/Feature', '0288d1', 'New functionality'),
      label('Kind/Enhancement', '84b6eb', 'Improve existing functionality'),
      label('Kind/Security', '9c27b0', 'This is security issue'),
      label('Kind/Testing', '795548', 'Issue or pull request related to testing'),
      label('Kind/Documentation', '37474f', 'Documentation changes'),
      label('Compat/Breaking', 'c62828', "Breaking change that won't be backward compatible"),
      label('Reviewed/Duplicate', '616161', 'This issue or pull request already exists', true),
      label('Reviewed/Invalid', '546e7a', 'Invalid issue', true),
      label('Reviewed/Confirmed', '795548', 'Issue has been confirmed', true),
      label("Reviewed/Won't Fix", 'eeeeee', "This issue won't be fixed", true),
      label(
        'Status/Need More Info',
        '424242',
        'Feedback is required to reproduce issue or to continue work',
        true,
      ),
      label('Status/Blocked', '880e4f', 'Something is blocking this issue or pull request', true),
      label('Status/Abandoned', '222222', 'Somebody has started to work on this but abandoned work', true),
      label('Priority/Critical', 'b71c1c', 'The priority is critical', true),
      label('Priority/High', 'd32f2f', 'The priority is high', true),
      label('Priority/Medium', 'e64a19', 'The priority is medium', true),
      label('Priority/Low', '4caf50', 'The priority is low', true),
    ],
  ],
  [
    'Default',
    [
      label('bug', 'ee0701', 'Something is not working'),
      label('duplicate', 'cccccc', 'This issue or pull request already exists'),
      label('enhancement', '84b6eb', 'New feature'),
      label('help wanted', '128a0c', 'Need some help'),
      label('invalid', 'e6e6e6', 'Something is wrong'),
      label('question', 'cc317c', 'More information is needed'),
      label('wontfix', 'ffffff', "This won't be fixed"),
    ],
  ],
]);

export const labelTemplateNames: readonly string[] = [...labelTemplates.keys()];

export function labelTemplate(name: string): readonly LabelTemplateEntry[] | undefined {
  return labelTemplates.get(name);
}
