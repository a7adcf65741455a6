export { catalogueRoutes } from './catalogue.routes.ts';
export { listCategories, listLocations, getCategory, seedReferenceData } from './catalogue.service.ts';
export type { CategoryView, LocationView } from './catalogue.service.ts';
export { CategorySchema, LocationSchema } from './catalogue.entity.ts';

import { CategorySchema, LocationSchema } from './catalogue.entity.ts';
export const catalogueEntities = [CategorySchema, LocationSchema];
