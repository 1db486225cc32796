/** The catalogue module's public face: what other modules may use. Everything else in the folder is private. */
export { COVER_PLACEHOLDER } from './catalogue.mapper.ts';
export { conditionalAnswer } from './http-cache.ts';
