export * from './accounts.ts';
export * from './admin.ts';
export * from './auth.ts';
export * from './catalogue.ts';
export * from './documents.ts';
export * from './mail.ts';
export * from './orders.ts';
