import type { Endpoint } from 'payload';

export const adminCatalogEndpoints: Endpoint[] = [];
