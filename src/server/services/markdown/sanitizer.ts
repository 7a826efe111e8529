import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list every rendered document passes through last, modelled on Gitea's bluemonday policy
 * (modules/markup/sanitizer_default.go: UGCPolicy plus checkboxes and a few safe extras), but stricter
 * where Gitea relies on its own front end: no `style`, no `name`, no forms, and classes only from the
 * renderer's own vocabulary.
 */

const allowedTags = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code', 'tt',
  'b', 'i', 'strong', 'em', 'u', 's', 'strike', 'del', 'ins', 'sup', 'sub', 'small', 'mark', 'kbd', 'samp',
  'var', 'q', 'cite', 'dfn', 'abbr', 'bdo', 'time', 'wbr', 'center', 'ruby', 'rt', 'rp',
  'a', 'img', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'details', 'summary', 'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col', 'input', 'label',
]; // prettier-ignore

const sharedAttributes = [
  'id', 'title', 'dir', 'lang', 'align', 'valign', 'width', 'height',
  'aria-hidden', 'aria-label', 'aria-describedby', 'aria-labelledby',
]; // prettier-ignore

const allowedAttributes: sanitizeHtml.IOptions['allowedAttributes'] = {
  '*': sharedAttributes,
  a: ['href', 'rel'],
  img: ['src', 'alt', 'loading'],
  ol: ['start', 'type', 'reversed'],
  li: ['value'],
  th: ['colspan', 'rowspan', 'scope', 'abbr'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  details: ['open'],
  time: ['datetime'],
  abbr: ['title'],
  // task-list checkboxes only (Gitea: `type` must match ^checkbox$)
  input: [{ name: 'type', values: ['checkbox'] }, 'checked', 'disabled'],
};

/** Only the classes the renderer itself emits (Gitea: RenderInternal.SafeAttr instead of user classes). */
const allowedClasses: sanitizeHtml.IOptions['allowedClasses'] = {
  a: ['ref-issue', 'mention', 'commit'],
  code: ['language-*', 'nohighlight'],
  li: ['task-list-item'],
};

/** Gitea allows every scheme but javascript:, vbscript: and data:; an allow-list of the usual ones is safer. */
const linkSchemes = [
  'http', 'https', 'mailto', 'ftp', 'ftps', 'sftp', 'ssh', 'git', 'irc', 'ircs', 'xmpp', 'tel', 'magnet',
]; // prettier-ignore

/** Elements dropped together with their content, not only their tags. */
const droppedWithContent = [
  'script', 'style', 'textarea', 'option', 'select', 'noscript', 'noembed', 'noframes', 'template', 'title', 'xmp',
  'iframe', 'object', 'svg', 'math',
]; // prettier-ignore

/** Browsers ignore control characters and spaces in URLs; sanitize-html's scheme check does the same. */
function compactUrl(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/[\x00-\x20]+/g, '').replace(/<!--[\s\S]*?-->/g, '');
}

const safeImageData = /^data:image\/(?:png|gif|jpe?g|webp)[;,]/i;

/** `data:` images only for raster types, spelled plainly (no hidden characters that might change the type). */
function isUnsafeImageSource(src: string): boolean {
  return /^data:/i.test(compactUrl(src)) && !safeImageData.test(src);
}

/** Ids and in-page links live in Gitea's `user-content-` namespace so documents cannot clobber the page. */
function userContentId(id: string): string {
  return id.startsWith('user-content-') ? id : `user-content-${id}`;
}

function transform(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const attributes: sanitizeHtml.Attributes = { ...attribs };
  if (attributes.id) attributes.id = userContentId(attributes.id);
  if (tagName === 'a' && attributes.href !== undefined) {
    if (attributes.href.startsWith('#') && attributes.href.length > 1) {
      attributes.href = `#${userContentId(attributes.href.slice(1))}`;
    }
    attributes.rel = 'nofollow';
  }
  if (tagName === 'img' && attributes.src !== undefined && isUnsafeImageSource(attributes.src)) {
    delete attributes.src;
  }
  // checkboxes are display-only, as in Gitea's task lists
  if (tagName === 'input') attributes.disabled = '';
  return { tagName, attribs: attributes };
}

// allowedEmptyAttributes is a sanitize-html option its type definitions miss; it keeps `disabled=""` as Gitea writes it
const options: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags,
  allowedAttributes,
  allowedClasses,
  allowedSchemes: linkSchemes,
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  allowedEmptyAttributes: ['alt', 'checked', 'disabled', 'open', 'reversed'],
  nonTextTags: droppedWithContent,
  disallowedTagsMode: 'discard',
  transformTags: { '*': transform },
  // an input that is not a checkbox lost its type above and goes entirely
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
};

/** Removes everything executable from rendered HTML. */
export function sanitizeRenderedHtml(html: string): string {
  return sanitizeHtml(html, options);
}
