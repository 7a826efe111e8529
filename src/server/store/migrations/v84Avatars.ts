/**
 * Issue #29: uploaded avatars. `user.custom_avatar` (users and organizations) and `repository.avatar` hold
 * the hash naming the image in the data folder (`avatars/<hash>`, `repo-avatars/<hash>`), Gitea's
 * HashAvatar of the owner's id and the image; empty means the default avatar.
 */
export const avatarsSchema = `
ALTER TABLE user ADD COLUMN custom_avatar TEXT NOT NULL DEFAULT '';
ALTER TABLE repository ADD COLUMN avatar TEXT NOT NULL DEFAULT '';
`;
