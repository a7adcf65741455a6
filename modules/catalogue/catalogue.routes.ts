import { z } from 'zod';
import { route } from '../../api/http/index.ts';
import { categoryResponse, idParams, locationResponse } from './catalogue.schemas.ts';
import { getCategory, listCategories, listLocations } from './catalogue.service.ts';

/** Reference lists change rarely; browsers and CDNs may keep them for a few minutes. */
const cacheFor = 'public, max-age=300, stale-while-revalidate=3600';

export const catalogueRoutes = [
  route({
    method: 'get',
    path: '/api/categories',
    tag: 'catalogue',
    summary: 'All fundraiser categories, sorted by name',
    response: z.array(categoryResponse),
    handler: async ({ ctx }) => {
      ctx.set('Cache-Control', cacheFor);
      return listCategories(ctx.state.em);
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
      return getCategory(ctx.state.em, params.id);
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
      return listLocations(ctx.state.em);
    },
  }),
];
