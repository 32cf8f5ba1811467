import type { Endpoint } from 'payload';

/** SPEC §7 Admin: dashboard counts, settings, orders, notifications. */
export const adminEndpoints: Endpoint[] = [];
