export * from './accounts.ts';
export * from './admin.ts';
export * from './admin-security.ts';
export * from './auth.ts';
export * from './catalogue.ts';
export * from './mail.ts';
export * from './orders.ts';
export * from './supplier.ts';
