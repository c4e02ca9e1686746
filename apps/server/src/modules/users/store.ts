import type { Kysely, Selectable } from 'kysely';
import type { UserProfile } from '@wallet/contract';
import type { Database, UsersTable } from '../../db/schema.js';
import type { UploadLinks } from '../uploads/index.js';
import { maskedContactOf } from './mask-contact.js';

export type UserRow = Selectable<UsersTable>;

/** Usernames are unique without regard to case. */
export const usernameKey = (username: string) => username.trim().toLowerCase();

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account as its owner sees it; the avatar is a private upload, so it comes as a signed link. */
export function profileOf(user: UserRow, links: UploadLinks, now: number): UserProfile {
  return {
    username: user.username,
    avatar: links.sign(user.avatar, now),
    inviteCode: user.invite_code,
    lang: user.lang,
    contact: maskedContactOf(user),
    createdAt: user.created_at,
  };
}
