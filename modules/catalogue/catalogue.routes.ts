import { z } from 'zod';
import { route } from '../../kernel/http/index.ts';
import { categoryResponse, idParams, locationResponse } from './catalogue.schemas.ts';
import type { CatalogueService } from './catalogue.service.ts';

/** Reference lists change rarely; browsers and CDNs may keep them for a few minutes. */
const cacheSeconds = 300;

export const catalogueRoutes = (catalogue: CatalogueService) => [
  route({
    method: 'get',
    path: '/api/categories',
    tag: 'catalogue',
    summary: 'All fundraiser categories, sorted by name',
    response: z.array(categoryResponse),
    cache: cacheSeconds,
    handler: () => catalogue.categoriesJson(),
  }),
  route({
    method: 'get',
    path: '/api/categories/:id',
    tag: 'catalogue',
    summary: 'One category',
    params: idParams,
    response: categoryResponse,
    cache: cacheSeconds,
    handler: ({ params }) => catalogue.getCategory(params.id),
  }),
  route({
    method: 'get',
    path: '/api/locations',
    tag: 'catalogue',
    summary: 'All locations, sorted by city',
    response: z.array(locationResponse),
    cache: cacheSeconds,
    handler: () => catalogue.locationsJson(),
  }),
];
