import type { Endpoint } from 'payload';

export const userEndpoints: Endpoint[] = [];
