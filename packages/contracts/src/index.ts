export * from './common.ts';
export * from './store.ts';
