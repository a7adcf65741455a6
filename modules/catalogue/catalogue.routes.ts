import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { route } from '../../api/http/index.ts';
import { categoryResponse, idParams, locationResponse } from './catalogue.schemas.ts';
import { categoriesJson, getCategory, locationsJson } from './catalogue.service.ts';

/** Reference lists change rarely; browsers and CDNs may keep them for a few minutes. */
const cacheFor = 'public, max-age=300, stale-while-revalidate=3600';

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
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', cacheFor);
      return categoriesJson(em);
    },
  }),
  route({
    method: 'get',
    path: '/api/categories/:id',
    tag: 'catalogue',
    summary: 'One category',
    params: idParams,
    response: categoryResponse,
    handler: async ({ params, ctx }) => {
      ctx.set('Cache-Control', cacheFor);
      return getCategory(em, params.id);
    },
  }),
  route({
    method: 'get',
    path: '/api/locations',
    tag: 'catalogue',
    summary: 'All locations, sorted by city',
    response: z.array(locationResponse),
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', cacheFor);
      return locationsJson(em);
    },
  }),
];
