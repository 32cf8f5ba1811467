import type { Endpoint } from 'payload';

export const assetEndpoints: Endpoint[] = [];
