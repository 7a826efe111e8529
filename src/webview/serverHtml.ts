/**
 * Server-rendered markdown into the page. The server already sanitised it; this is the second wall
 * beside the CSP: parsed in an inert document (no script runs, no image loads there), stripped of
 * anything executable, then moved into the page.
 */

const dropped = new Set([
  'SCRIPT',
  'IFRAME',
  'FRAME',
  'FRAMESET',
  'OBJECT',
  'EMBED',
  'APPLET',
  'STYLE',
  'LINK',
  'META',
  'BASE',
  'FORM',
  'TEMPLATE',
  'SVG',
  'MATH',
  'NOSCRIPT',
]);
const urlAttributes = new Set([
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'poster',
  'background',
  'cite',
]);

function unsafeUrl(name: string, value: string, element: Element): boolean {
  // browsers ignore whitespace and control characters inside a scheme ("java\tscript:")
  const compact = [...value]
    .filter((character) => character.charCodeAt(0) > 0x20)
    .join('')
    .toLowerCase();
  if (/^(javascript|vbscript):/.test(compact)) return true;
  // data: only for images, which the CSP allows anyway
  return compact.startsWith('data:') && !(name === 'src' && element.tagName === 'IMG');
}

function clean(root: Element): void {
  for (const element of [...root.querySelectorAll('*')]) {
    if (dropped.has(element.tagName.toUpperCase())) {
      element.remove();
      continue;
    }
    if (element.tagName === 'INPUT') {
      if (element.getAttribute('type') !== 'checkbox') {
        element.remove();
        continue;
      }
      // task list boxes show state; ticking them here would change nothing on the server
      element.setAttribute('disabled', '');
    }
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name === 'srcdoc' || name === 'style' || name === 'formaction') {
        element.removeAttribute(attribute.name);
      } else if (urlAttributes.has(name) && unsafeUrl(name, attribute.value, element)) {
        element.removeAttribute(attribute.name);
      }
    }
  }
}

export function serverHtml(html: string): DocumentFragment {
  const inert = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}</body>`, 'text/html');
  clean(inert.body);
  const fragment = document.createDocumentFragment();
  for (const node of [...inert.body.childNodes]) fragment.append(document.adoptNode(node));
  return fragment;
}
