export * from './auth.ts';
export * from './common.ts';
export * from './engagement.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './store.ts';
export * from './media.ts';
