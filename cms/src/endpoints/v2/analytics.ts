import type { Endpoint } from 'payload';

export const analyticsEndpoints: Endpoint[] = [];
