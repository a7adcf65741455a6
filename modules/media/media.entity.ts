import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../accounts/index.ts';

/** What an image belongs to: a fundraiser's gallery, or a user's own avatar. */
export const mediaEntityTypes = ['FUNDRAISER', 'USER'] as const;
export type MediaEntityType = (typeof mediaEntityTypes)[number];

/**
 * An uploaded image, stored as two WebP renditions named after `storageKey`. The row names
 * what it belongs to by type and id rather than by foreign key, so that this module need not
 * know the fundraisers module (which depends on it); whoever deletes the owner deletes its media.
 */
export const MediaSchema = defineEntity({
  name: 'Media',
  tableName: 'media',
  indexes: [{ properties: ['entityType', 'entityId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    /** 32 random hex characters: file names that cannot be guessed or walked. */
    storageKey: p.string().length(32).unique(),
    entityType: p.enum(mediaEntityTypes),
    entityId: p.integer(),
    /** Who uploaded it. */
    owner: p.manyToOne(UserSchema).deleteRule('cascade'),
    /** Size of the large rendition. */
    width: p.integer(),
    height: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type Media = InferEntity<typeof MediaSchema>;
