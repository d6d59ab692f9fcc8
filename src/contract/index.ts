export * from './constants.ts';
export * from './currency.ts';
export * from './errors.ts';
export * from './api-paths.ts';
export * from './properties.ts';
export * from './schemas.ts';
export * from './routes.ts';
export * from './sw-messages.ts';
