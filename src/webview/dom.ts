type Child = Node | string | undefined | false;
type Attributes = Record<string, string | boolean | undefined>;

/** Builds an element; text children become text nodes, never HTML. */
export function h(tag: string, attributes: Attributes = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  for (const child of children) if (child !== undefined && child !== false) element.append(child);
  return element;
}

/** A label as Gitea draws it, in its colour. */
export function labelChip(name: string, color: string): HTMLElement {
  const chip = h('span', { class: 'label' }, name);
  // colours come from data, so they are set through the CSSOM (allowed by the CSP), not a style attribute
  chip.style.setProperty(
    '--label-colour',
    /^#?[0-9a-f]{3,8}$/i.test(color) ? `#${color.replace(/^#/, '')}` : 'transparent',
  );
  return chip;
}

export function icon(name: string): HTMLElement {
  return h('span', { class: `codicon codicon-${name}`, 'aria-hidden': 'true' });
}

export function button(label: string, attributes: Attributes, onClick: () => void): HTMLElement {
  const element = h('vscode-button', attributes, label);
  element.addEventListener('click', onClick);
  return element;
}

export function when(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    // the page's lang is VS Code's display language (webviewHtml.ts), not the browser's
    return date.toLocaleString(document.documentElement.lang || undefined);
  } catch {
    return date.toLocaleString();
  }
}

/**
 * Links never navigate the webview: every click on an `<a>` goes to the extension, which opens the
 * issue or pull request view for links of the same server and the browser for the others.
 */
export function routeLinks(root: HTMLElement, open: (href: string) => void): void {
  const handle = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('a') : null;
    if (!target) return;
    event.preventDefault();
    const href = target.getAttribute('href');
    if (href && !href.startsWith('#')) open(href);
  };
  root.addEventListener('click', handle);
  root.addEventListener('auxclick', handle);
  root.addEventListener('submit', (event) => event.preventDefault());
}
