import type { LabelTemplate, LicenseTemplateInfo, LicensesTemplateListEntry } from '../../api/types';
import type { RequestContext } from '../http/context';
import { notFound } from '../domain/errors';
import { gitignoreTemplate, gitignoreTemplateNames } from '../templates/gitignores';
import { labelTemplate, labelTemplateNames } from '../templates/labels';
import { licenseTemplate, licenseTemplateNames } from '../templates/licenses';
import type { HandlerMap } from './handler';

/** Gitea's link to a licence: always `<root>api/v1/licenses/<name>`, the name path-escaped. */
const licenseUrl = (ctx: RequestContext, name: string): string =>
  `${ctx.rootUrl}api/v1/licenses/${encodeURIComponent(name)}`;

const licenseEntry = (ctx: RequestContext, name: string): LicensesTemplateListEntry => ({
  key: name,
  name,
  url: licenseUrl(ctx, name),
});

// Gitea's wording, the same for every licence.
const licenseImplementation =
  'Create a text file (typically named LICENSE or LICENSE.txt) in the root of your source code and copy the text of the license into the file';

export const templateHandlers: HandlerMap = {
  listLicenseTemplates: (ctx) => ctx.json(licenseTemplateNames.map((name) => licenseEntry(ctx, name))),

  getLicenseTemplateInfo: (ctx) => {
    const name = ctx.param('name');
    const body = licenseTemplate(name);
    if (body === undefined) throw notFound();
    const info: LicenseTemplateInfo = {
      ...licenseEntry(ctx, name),
      body,
      implementation: licenseImplementation,
    };
    ctx.json(info);
  },

  listGitignoresTemplates: (ctx) => ctx.json(gitignoreTemplateNames),

  getGitignoreTemplateInfo: (ctx) => {
    const name = ctx.param('name');
    const source = gitignoreTemplate(name);
    if (source === undefined) throw notFound();
    ctx.json({ name, source });
  },

  listLabelTemplates: (ctx) => ctx.json(labelTemplateNames),

  getLabelTemplateInfo: (ctx) => {
    const labels = labelTemplate(ctx.param('name'));
    if (!labels) throw notFound();
    ctx.json(
      labels.map((label): LabelTemplate => ({
        name: label.name,
        exclusive: label.exclusive,
        color: label.color,
        description: label.description,
      })),
    );
  },
};
