export { LruCache } from './lru.ts';
