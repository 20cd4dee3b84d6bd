// The catalogue format's schemas live in packages/contracts (the back office validates with them too).
export * from '@storefront/contracts/catalogue';
