export { catalogueRoutes } from './catalogue.routes.ts';
export { createCatalogueService, readCategories, readLocations, seedReferenceData } from './catalogue.service.ts';
export type { CatalogueService } from './catalogue.service.ts';
export { categoryResponse, locationResponse } from './catalogue.schemas.ts';
export type { CategoryView, LocationView } from './catalogue.schemas.ts';
export { CategorySchema, LocationSchema } from './catalogue.entity.ts';
export type { Category, Location } from './catalogue.entity.ts';
export { findCategory, findLocation, allCategories, allLocations } from './catalogue.rows.ts';
export { catalogueMessages } from './catalogue.messages.ts';

import { CategorySchema, LocationSchema } from './catalogue.entity.ts';
export const catalogueEntities = [CategorySchema, LocationSchema];
