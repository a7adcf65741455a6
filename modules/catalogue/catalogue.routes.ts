import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { route } from '../../kernel/http/index.ts';
import { categoryResponse, idParams, locationResponse } from './catalogue.schemas.ts';
import { categoriesJson, getCategory, locationsJson } from './catalogue.service.ts';

/** Reference lists change rarely; browsers and CDNs may keep them for a few minutes. */
const cacheSeconds = 300;

/**
 * Reference lists are read through a cache outside the request's unit of work, so the
 * routes take the root entity manager (the cache forks it for each load).
 */
export const catalogueRoutes = (em: EntityManager) => [
  route({
    method: 'get',
    path: '/api/categories',
    tag: 'catalogue',
    summary: 'All fundraiser categories, sorted by name',
    response: z.array(categoryResponse),
    cache: cacheSeconds,
    handler: async () => categoriesJson(em),
  }),
  route({
    method: 'get',
    path: '/api/categories/:id',
    tag: 'catalogue',
    summary: 'One category',
    params: idParams,
    response: categoryResponse,
    cache: cacheSeconds,
    handler: async ({ params }) => getCategory(em, params.id),
  }),
  route({
    method: 'get',
    path: '/api/locations',
    tag: 'catalogue',
    summary: 'All locations, sorted by city',
    response: z.array(locationResponse),
    cache: cacheSeconds,
    handler: async () => locationsJson(em),
  }),
];
