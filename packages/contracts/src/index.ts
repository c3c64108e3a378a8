// @lp/contracts: the TypeBox schemas of every HTTP call and every event of the product.
export * from './common';
export * from './route';
export * from './auth';
export * from './content';
export * from './study';
export * from './challenge';
export * from './billing';
export * from './admin';
export * from './feedback';
export * from './events';
export * from './routes';
export * from './push';
export * from './demo';
export * from './user-name';
export * from './catalogue-name';
export * from './versions';
export * from './service-metrics';
