import 'server-only';

export * from './enums';
export * from './dealers';
export * from './catalogue';
export * from './offers';
export * from './webhooks';
export * from './operator';
export * from './notifications';
export * from './accounts';
export * from './orders';
export * from './privacy';
export * from './purchase-orders';
