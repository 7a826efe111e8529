// package.json's user-visible strings as `%key%` placeholders resolved by package.nls.json (VS Code's
// manifest localisation). `externalize` moves any plain string still in a localisable field into the
// English file under a key derived from where it stands, so a new command can be written in plain English.

export type Nls = Record<string, string>;
type Json = Record<string, unknown>;

const placeholder = /^%([^%\s]+)%$/;

/** The key of a `%key%` placeholder, else undefined (a plain string). */
export function placeholderKey(value: string): string | undefined {
  return placeholder.exec(value)?.[1];
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objects(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function camel(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

/** One localisable string of the manifest: the object holding it, its field, and the key it goes under. */
interface Slot {
  readonly holder: Json | unknown[];
  readonly field: string | number;
  readonly key: string;
}

function slot(holder: Json, field: string, key: string): Slot[] {
  return typeof holder[field] === 'string' ? [{ holder, field, key }] : [];
}

function settingSlots(name: string, setting: Json): Slot[] {
  const fields = ['description', 'markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage'];
  const found = fields.flatMap((field) => slot(setting, field, `${name}.${field}`));
  for (const field of ['enumDescriptions', 'markdownEnumDescriptions', 'enumItemLabels']) {
    const list = setting[field];
    if (Array.isArray(list))
      list.forEach((item, i) => {
        if (typeof item === 'string') found.push({ holder: list, field: i, key: `${name}.${field}.${i}` });
      });
  }
  return found;
}

/** Every localisable string of package.json, in manifest order. */
export function localisableSlots(manifest: Json): Slot[] {
  const found: Slot[] = [
    ...slot(manifest, 'displayName', 'displayName'),
    ...slot(manifest, 'description', 'description'),
  ];
  const contributes = isObject(manifest.contributes) ? manifest.contributes : {};
  const containers = isObject(contributes.viewsContainers) ? contributes.viewsContainers : {};
  for (const list of Object.values(containers))
    for (const container of objects(list))
      found.push(...slot(container, 'title', `${String(container.id)}.title`));
  const views = isObject(contributes.views) ? contributes.views : {};
  for (const list of Object.values(views))
    for (const view of objects(list))
      found.push(
        ...slot(view, 'name', `${String(view.id)}.name`),
        ...slot(view, 'contextualTitle', `${String(view.id)}.contextualTitle`),
      );
  const welcomeCount = new Map<string, number>();
  for (const welcome of objects(contributes.viewsWelcome)) {
    const view = String(welcome.view);
    const n = welcomeCount.get(view) ?? 0;
    welcomeCount.set(view, n + 1);
    found.push(...slot(welcome, 'contents', `${view}.welcome${n === 0 ? '' : `.${n}`}`));
  }
  for (const command of objects(contributes.commands)) {
    const id = String(command.command);
    found.push(...slot(command, 'title', `${id}.title`), ...slot(command, 'shortTitle', `${id}.shortTitle`));
    if (typeof command.category === 'string')
      found.push({ holder: command, field: 'category', key: `category.${camel(command.category)}` });
  }
  for (const submenu of objects(contributes.submenus))
    found.push(...slot(submenu, 'label', `${String(submenu.id)}.label`));
  for (const provider of objects(contributes.authentication))
    found.push(...slot(provider, 'label', `authentication.${String(provider.id)}.label`));
  const configurations = Array.isArray(contributes.configuration)
    ? objects(contributes.configuration)
    : isObject(contributes.configuration)
      ? [contributes.configuration]
      : [];
  configurations.forEach((configuration, i) => {
    found.push(...slot(configuration, 'title', `configuration.title${i === 0 ? '' : `.${i}`}`));
    const properties = isObject(configuration.properties) ? configuration.properties : {};
    for (const [name, setting] of Object.entries(properties))
      if (isObject(setting)) found.push(...settingSlots(name, setting));
  });
  for (const walkthrough of objects(contributes.walkthroughs)) {
    const id = String(walkthrough.id);
    found.push(
      ...slot(walkthrough, 'title', `${id}.title`),
      ...slot(walkthrough, 'description', `${id}.description`),
    );
    for (const step of objects(walkthrough.steps)) {
      const stepId = `${id}.${String(step.id)}`;
      found.push(
        ...slot(step, 'title', `${stepId}.title`),
        ...slot(step, 'description', `${stepId}.description`),
      );
    }
  }
  return found;
}

function read(item: Slot): string {
  return String((item.holder as Record<string | number, unknown>)[item.field]);
}

/** The keys package.json refers to through `%key%`. */
export function placeholderKeys(manifest: Json): string[] {
  return localisableSlots(manifest).flatMap((item) => placeholderKey(read(item)) ?? []);
}

/** The plain strings (not `%key%`) left in localisable fields, as their would-be keys. */
export function plainStrings(manifest: Json): string[] {
  return localisableSlots(manifest).flatMap((item) => (placeholderKey(read(item)) ? [] : [item.key]));
}

/**
 * Replaces each plain string in a localisable field of `manifest` (changed in place) by `%key%` and puts
 * the string under that key in `nls` (a changed English text replaces the old one).
 */
export function externalize(manifest: Json, nls: Nls): void {
  const slots = localisableSlots(manifest);
  // a key another field already refers to stays theirs (e.g. a second welcome text inserted before the first)
  const taken = new Set(slots.flatMap((item) => placeholderKey(read(item)) ?? []));
  for (const item of slots) {
    const value = read(item);
    if (placeholderKey(value)) continue;
    let key = item.key;
    for (let n = 2; taken.has(key) && nls[key] !== value; n++) key = `${item.key}.${n}`;
    taken.add(key);
    nls[key] = value;
    (item.holder as Record<string | number, unknown>)[item.field] = `%${key}%`;
  }
}

/** `nls` reduced to the keys `manifest` uses, in manifest order (a stale key goes). */
export function usedNls(manifest: Json, nls: Nls): Nls {
  const used: Nls = {};
  for (const key of placeholderKeys(manifest)) if (nls[key] !== undefined) used[key] = nls[key];
  return used;
}
