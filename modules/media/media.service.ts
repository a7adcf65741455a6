import type { EntityManager } from '@mikro-orm/core';
import { Forbidden } from '../../kernel/http/index.ts';
import { dropAvatar, lockUserRow, setAvatar, type User } from '../accounts/index.ts';
import { MediaSchema, type Media, type MediaEntityType } from './media.entity.ts';
import { ImageLimitReached, MediaNotFound } from './media.errors.ts';
import { renderImage } from './media.images.ts';
import type { MediaView } from './media.schemas.ts';
import { mediaLinks, newStorageKey, type MediaLinks, type MediaStorage } from './media.storage.ts';

function mediaView(links: MediaLinks, media: Pick<Media, 'id' | 'storageKey'>): MediaView {
  return { id: media.id, ...links.urls(media.storageKey) };
}

/**
 * Decides whether `user` may add images to (or remove them from) the entity with this id,
 * throwing 404 or 403 when not. Given by the module that owns that kind of entity, so that
 * this module depends on none of them. With `lock` (inside a transaction) it also locks the
 * entity's row until that transaction ends, so that uploads to one entity count its images
 * and add theirs one after another.
 */
export type MediaAuthoriser = (em: EntityManager, user: User, entityId: number, options?: { lock: boolean }) => Promise<void>;

/** At most this many images per entity: a gallery for a fundraiser, one avatar for a user. */
export const imagesPerEntity: Record<MediaEntityType, number> = { FUNDRAISER: 10, USER: 1 };

export interface MediaService {
  readonly storage: MediaStorage;
  /** The addresses of the storage's renditions. */
  readonly links: MediaLinks;
  /** Throws unless `user` may upload to (or delete from) the entity. */
  authorise(em: EntityManager, user: User, entityType: MediaEntityType, entityId: number, purpose: 'upload' | 'delete'): Promise<void>;
  /**
   * Renders and stores an image for an entity the caller has authorised (asked again, with the
   * entity locked, where the limit is counted). A user's new avatar replaces the old one.
   * Either the row and both files exist afterwards, or neither.
   */
  store(em: EntityManager, input: { owner: User; entityType: MediaEntityType; entityId: number; bytes: Buffer }): Promise<MediaView>;
  find(em: EntityManager, id: number): Promise<MediaView>;
  /** Deletes the row and its files, for someone who may manage the entity it belongs to. */
  remove(em: EntityManager, user: User, id: number): Promise<void>;
  /**
   * Removes the rows of every image of an entity being deleted, without flushing (the caller
   * commits them with the entity), and answers their storage keys for `storage.remove` after commit.
   */
  detachAll(em: EntityManager, entityType: MediaEntityType, entityId: number): Promise<string[]>;
}

export function createMediaService(deps: { storage: MediaStorage; authorisers: Partial<Record<MediaEntityType, MediaAuthoriser>> }): MediaService {
  const { storage } = deps;
  const links = mediaLinks(storage.publicBase);

  async function authorise(em: EntityManager, user: User, entityType: MediaEntityType, entityId: number, purpose: 'upload' | 'delete', lock: boolean) {
    if (entityType === 'USER') {
      // An avatar is one's own; an admin may take down someone else's, not put one up.
      if (!(entityId === user.id || (purpose === 'delete' && user.admin))) throw new Forbidden();
      if (lock) await lockUserRow(em, entityId);
      return;
    }
    const authoriser = deps.authorisers[entityType];
    if (!authoriser) throw new Forbidden();
    await authoriser(em, user, entityId, { lock });
  }

  async function assertRoom(em: EntityManager, entityType: MediaEntityType, entityId: number) {
    const max = imagesPerEntity[entityType];
    if ((await em.count(MediaSchema, { entityType, entityId })) >= max) throw new ImageLimitReached(max);
  }

  const service: MediaService = {
    storage,
    links,

    authorise: (em, user, entityType, entityId, purpose) => authorise(em, user, entityType, entityId, purpose, false),

    async store(em, input) {
      const { entityType, entityId } = input;
      // A full gallery is refused before any decoding; the count that decides is the one under the lock.
      if (entityType !== 'USER') await assertRoom(em, entityType, entityId);
      const renditions = await renderImage(input.bytes, entityType === 'USER' ? 'square' : 'card');
      const key = newStorageKey();
      await storage.write(key, renditions);
      let added: { media: Media; replaced: string[] };
      try {
        // Short, and never around the decoding: on SQLite a transaction holds the one connection.
        added = await em.transactional(async (tx) => {
          await authorise(tx, input.owner, entityType, entityId, 'upload', true);
          if (entityType !== 'USER') await assertRoom(tx, entityType, entityId);
          const media = tx.create(MediaSchema, { storageKey: key, entityType, entityId, owner: input.owner, width: renditions.width, height: renditions.height });
          if (entityType !== 'USER') return { media, replaced: [] };
          await tx.flush();
          const previous = await tx.find(MediaSchema, { entityType: 'USER', entityId, id: { $ne: media.id } });
          await setAvatar(tx, entityId, media.id);
          for (const old of previous) tx.remove(old);
          return { media, replaced: previous.map((old) => old.storageKey) };
        });
      } catch (error) {
        await storage.remove([key]);
        throw error;
      }
      await storage.remove(added.replaced);
      return mediaView(links, added.media);
    },

    async find(em, id) {
      const media = await em.findOne(MediaSchema, { id });
      if (!media) throw new MediaNotFound();
      return mediaView(links, media);
    },

    async remove(em, user, id) {
      const media = await em.findOne(MediaSchema, { id });
      if (!media) throw new MediaNotFound();
      await service.authorise(em, user, media.entityType, media.entityId, 'delete');
      if (media.entityType === 'USER') await dropAvatar(em, media.entityId, media.id);
      em.remove(media);
      await em.flush();
      // After the commit: a file left behind by a failure here is unreachable clutter, whereas
      // a row whose files were deleted first would be a broken image on a page.
      await storage.remove([media.storageKey]);
    },

    async detachAll(em, entityType, entityId) {
      const rows = await em.find(MediaSchema, { entityType, entityId });
      for (const row of rows) em.remove(row);
      return rows.map((row) => row.storageKey);
    },
  };
  return service;
}

/** Whether media `mediaId` is an avatar image that `user` uploaded for themself (the only kind a profile may show). */
export async function isOwnAvatar(em: EntityManager, user: Pick<User, 'id'>, mediaId: number): Promise<boolean> {
  return (await em.count(MediaSchema, { id: mediaId, entityType: 'USER', entityId: user.id, owner: user.id })) > 0;
}

/**
 * In one query: the images of each entity, oldest first (the first is the cover), and media
 * by id (users' avatars, which accounts keep as `avatarMediaId`), so that a page showing a
 * fundraiser and its organiser's picture reads the media table once.
 */
export async function imagesAndMedia(
  em: EntityManager,
  links: MediaLinks,
  images: { entityType: MediaEntityType; entityIds: readonly number[] },
  ids: readonly number[] = [],
): Promise<{ images: Map<number, MediaView[]>; byId: Map<number, MediaView> }> {
  const byEntity = new Map<number, MediaView[]>(images.entityIds.map((id) => [id, []]));
  const byId = new Map<number, MediaView>();
  const wanted = [
    ...(images.entityIds.length > 0 ? [{ entityType: images.entityType, entityId: { $in: [...images.entityIds] } }] : []),
    ...(ids.length > 0 ? [{ id: { $in: [...ids] } }] : []),
  ];
  if (wanted.length === 0) return { images: byEntity, byId };
  const rows = await em.find(MediaSchema, { $or: wanted }, { orderBy: { id: 'asc' }, fields: ['id', 'storageKey', 'entityType', 'entityId'] });
  for (const row of rows) {
    const view = mediaView(links, row);
    if (row.entityType === images.entityType) byEntity.get(row.entityId)?.push(view);
    if (ids.includes(row.id)) byId.set(row.id, view);
  }
  return { images: byEntity, byId };
}

export async function imagesOf(em: EntityManager, links: MediaLinks, entityType: MediaEntityType, entityIds: readonly number[]): Promise<Map<number, MediaView[]>> {
  return (await imagesAndMedia(em, links, { entityType, entityIds })).images;
}

/** Users' avatars by media id. */
export async function avatarsById(em: EntityManager, links: MediaLinks, ids: readonly number[]): Promise<Map<number, MediaView>> {
  return ids.length ? (await imagesAndMedia(em, links, { entityType: 'USER', entityIds: [] }, ids)).byId : new Map();
}
