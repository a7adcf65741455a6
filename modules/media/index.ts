export { mediaRoutes } from './media.routes.ts';
export { mediaFiles } from './media.files.ts';
export { avatarsById, createMediaService, imagesAndMedia, imagesOf, isOwnAvatar } from './media.service.ts';
export type { MediaService, MediaAuthoriser } from './media.service.ts';
export { mediaResponse } from './media.schemas.ts';
export type { MediaView } from './media.schemas.ts';
export { mediaLinks } from './media.storage.ts';
export type { MediaLinks, MediaStorage } from './media.storage.ts';
export { mediaStorage } from './media.drivers.ts';
export type { MediaStorageOptions } from './media.drivers.ts';
export { MediaSchema } from './media.entity.ts';
export type { Media, MediaEntityType } from './media.entity.ts';
export { mediaMessages } from './media.messages.ts';

import { MediaSchema } from './media.entity.ts';
export const mediaEntities = [MediaSchema];
