import { updateUserSettings, userSettingsOf } from '../services/userSettings';
import type { HandlerMap } from './handler';

export const userSettingsHandlers: HandlerMap = {
  getUserSettings: (ctx) => ctx.json(userSettingsOf(ctx.requireUser())),

  updateUserSettings: async (ctx) => {
    const body = await ctx.body();
    // UserSettingsOptions' bindings: MaxSize on the free texts, ValidUrl on the website
    const updated = updateUserSettings(ctx.db, ctx.requireUser(), {
      fullName: body.string('full_name', { maxLength: 100 }),
      website: body.string('website', { maxLength: 255 }),
      description: body.string('description', { maxLength: 255 }),
      location: body.string('location', { maxLength: 50 }),
      language: body.string('language'),
      theme: body.string('theme'),
      diffViewStyle: body.string('diff_view_style'),
      hideEmail: body.boolean('hide_email'),
      hideActivity: body.boolean('hide_activity'),
    });
    ctx.json(userSettingsOf(updated));
  },
};
